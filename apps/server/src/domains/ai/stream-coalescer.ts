import { performance } from 'node:perf_hooks';

/**
 * How long pieces of an answer may wait to be passed on together once text has started: a model
 * streams a piece per token, 30 to 100 a second or a burst at once, and no reader tells 50 ms
 * apart. The first text of an answer, its end and anything that is not text are never held.
 */
export const STREAM_FLUSH_MS = 50;

/** Model streams whose text pieces can be merged: OpenAI's chat completions (and compatible servers), Anthropic's messages. */
export type ModelStreamFormat = 'openai-chat' | 'anthropic';

/** The format of a model's streamed answer, from the request's path; null for anything else (passed on as it comes). */
export function modelStreamFormatOf(url: URL, contentType: string | null): ModelStreamFormat | null {
  if (!contentType?.toLowerCase().startsWith('text/event-stream')) return null;
  if (url.pathname.endsWith('/chat/completions')) return 'openai-chat';
  if (url.pathname.endsWith('/messages')) return 'anthropic';
  return null;
}

interface OpenAiChunk {
  choices?: { index?: number; delta?: Record<string, unknown>; finish_reason?: unknown; logprobs?: unknown }[];
  usage?: unknown;
}

interface AnthropicDelta {
  type?: string;
  index?: number;
  delta?: { type?: string; text?: unknown };
}

/** A text piece of an event, and how to add the next one to it; null for an event that is not only text. */
interface TextEvent {
  /** Which run of text it belongs to (a choice, a content block): pieces merge only within one. */
  key: number;
  text: string;
  /** The event with `text` as its text, as the provider would have sent it. */
  render(text: string): string;
}

function parseData(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

function openAiText(block: string): TextEvent | null {
  if (!block.startsWith('data: {') || block.includes('\n')) return null;
  const chunk = parseData(block.slice(6)) as OpenAiChunk | null;
  const choice = chunk?.choices?.length === 1 ? chunk.choices[0] : undefined;
  if (!chunk || !choice || chunk.usage != null || choice.finish_reason != null || choice.logprobs != null) return null;
  const delta = choice.delta;
  if (!delta || typeof delta.content !== 'string') return null;
  for (const key in delta) if (key !== 'content' && key !== 'role') return null;
  return {
    key: choice.index ?? 0,
    text: delta.content,
    render: (text) => `data: ${JSON.stringify({ ...chunk, choices: [{ ...choice, delta: { ...delta, content: text } }] })}`,
  };
}

function anthropicText(block: string): TextEvent | null {
  if (!block.startsWith('event: content_block_delta\ndata: {')) return null;
  const data = block.slice(block.indexOf('\n') + 7);
  if (data.includes('\n')) return null;
  const event = parseData(data) as AnthropicDelta | null;
  if (event?.type !== 'content_block_delta' || event.delta?.type !== 'text_delta' || typeof event.delta.text !== 'string') return null;
  return {
    key: event.index ?? 0,
    text: event.delta.text,
    render: (text) => `event: content_block_delta\ndata: ${JSON.stringify({ ...event, delta: { ...event.delta, text } })}`,
  };
}

/**
 * Complete events (each ending with a blank line), with each run of consecutive text pieces of one
 * choice or block made one event. Says whether any text was among them.
 */
export function mergeTextEvents(events: string, format: ModelStreamFormat): { events: string; text: boolean } {
  const textOf = format === 'openai-chat' ? openAiText : anthropicText;
  const out: string[] = [];
  let run: { first: TextEvent; pieces: string[]; raw: string } | null = null;
  let sawText = false;
  const close = () => {
    if (!run) return;
    out.push(run.pieces.length === 1 ? run.raw : run.first.render(run.pieces.join('')));
    run = null;
  };
  for (const block of events.split('\n\n')) {
    if (!block) continue;
    const text = textOf(block);
    if (text?.text) sawText = true;
    if (text && run && run.first.key === text.key) {
      run.pieces.push(text.text);
      continue;
    }
    close();
    if (text) run = { first: text, pieces: [text.text], raw: block };
    else out.push(block);
  }
  close();
  return { events: out.length ? `${out.join('\n\n')}\n\n` : '', text: sawText };
}

/**
 * Passes a model's streamed answer on with its text pieces merged while they come faster than
 * STREAM_FLUSH_MS: the provider's parser, the AI SDK's stream stages and every listener then handle
 * one part per window instead of one per token. What comes before the first text, and the first
 * text itself, is passed at once; the rest waits at most `windowMs`; the end passes everything.
 * A stream with carriage returns (never sent by these providers) is passed on as it comes.
 */
export function textCoalescer(format: ModelStreamFormat, emit: (bytes: Uint8Array) => void, windowMs = STREAM_FLUSH_MS) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let quietUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  let raw = false;
  const flush = (final: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    const end = final ? pending.length : pending.lastIndexOf('\n\n') + 2;
    if (end < 2) return;
    const complete = pending.slice(0, end);
    pending = pending.slice(end);
    const merged = mergeTextEvents(final && !complete.endsWith('\n\n') ? `${complete}\n\n` : complete, format);
    const out = final && !complete.endsWith('\n\n') ? merged.events.slice(0, -2) : merged.events;
    if (out) emit(encoder.encode(out));
    if (merged.text) quietUntil = performance.now() + windowMs;
  };
  const passText = (text: string) => {
    if (text) emit(encoder.encode(text));
  };
  return {
    push(chunk: Uint8Array) {
      // Still through the decoder: it may hold the first bytes of a character cut by the chunk that turned this on.
      if (raw) return passText(decoder.decode(chunk, { stream: true }));
      const piece = decoder.decode(chunk, { stream: true });
      pending += piece;
      if (piece.includes('\r')) {
        // Not the line ends these providers send: nothing is merged from here on.
        raw = true;
        clearTimeout(timer);
        const rest = pending;
        pending = '';
        return passText(rest);
      }
      if (timer) return;
      const wait = quietUntil - performance.now();
      if (wait <= 0) flush(false);
      else timer = setTimeout(() => flush(false), wait);
    },
    /** The stream ended: everything still held is passed on now. */
    end() {
      if (raw) return passText(decoder.decode());
      pending += decoder.decode();
      flush(true);
    },
    /** The stream failed: the whole events already here are passed on (the answer so far), the rest dropped. */
    fail() {
      if (!raw) flush(false);
      clearTimeout(timer);
      timer = undefined;
      pending = '';
    },
    /** The stream was cancelled: nothing more is passed on. */
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = '';
    },
  };
}
