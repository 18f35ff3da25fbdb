import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeTextEvents, textCoalescer } from './stream-coalescer';

/** Chat-completions chunks as OpenAI sends them, one `data:` event each. */
const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-4.1-mini' };
const chunkOf = (delta: Record<string, unknown>, choice: Record<string, unknown> = {}) => ({
  ...base,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: null, ...choice }],
});
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const openAiText = (content: string, choice: Record<string, unknown> = {}) => data(chunkOf({ content }, choice));
const toolCallStart = data(
  chunkOf({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'orderStatus', arguments: '' } }] }),
);
const toolCallArguments = data(chunkOf({ tool_calls: [{ index: 0, function: { arguments: '{"orderId":"A-1001"}' } }] }));
const finish = data(chunkOf({}, { finish_reason: 'stop' }));
const usage = data({ ...base, choices: [], usage: { prompt_tokens: 12, completion_tokens: 40, total_tokens: 52 } });
const done = 'data: [DONE]\n\n';

/** Messages API events as Anthropic sends them. */
const anthropic = (type: string, fields: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
const anthropicText = (text: string, index = 0) => anthropic('content_block_delta', { index, delta: { type: 'text_delta', text } });

const eventsOf = (stream: string) => stream.split('\n\n').filter(Boolean);
const openAiData = (event: string) => JSON.parse(event.slice('data: '.length));
const openAiContent = (stream: string) =>
  eventsOf(stream)
    .filter((event) => event.startsWith('data: {'))
    .map((event) => openAiData(event).choices[0]?.delta?.content ?? '')
    .join('');

// Japanese and Thai: three bytes a character in UTF-8, so byte chunks split characters.
const japanese = ['ご注文', 'の品は', '二営業日', '以内に', '発送', 'されます', '。'];
const thai = ['สินค้า', 'จะ', 'จัดส่ง', 'ภายใน', 'สอง', 'วันทำการ', 'ค่ะ'];

describe('mergeTextEvents, OpenAI chat completions', () => {
  it('makes consecutive content chunks one chunk with the joined text, its other fields unchanged', () => {
    const merged = mergeTextEvents(
      japanese
        .slice(0, 3)
        .map((piece) => openAiText(piece))
        .join(''),
      'openai-chat',
    );
    expect(merged.text).toBe(true);
    const events = eventsOf(merged.events);
    expect(events).toHaveLength(1);
    expect(openAiData(events[0] as string)).toEqual(chunkOf({ content: 'ご注文の品は二営業日' }));
    expect(merged.events.endsWith('\n\n')).toBe(true);
  });

  it('merges the role chunk (empty content) with the content after it', () => {
    const stream = data(chunkOf({ role: 'assistant', content: '' })) + openAiText('สินค้า') + openAiText('จะ');
    const events = eventsOf(mergeTextEvents(stream, 'openai-chat').events);
    expect(events).toHaveLength(1);
    expect(openAiData(events[0] as string)).toEqual(chunkOf({ role: 'assistant', content: 'สินค้าจะ' }));
  });

  it('leaves tool calls, the finish, usage and [DONE] as they are and in their order', () => {
    const stream = [
      openAiText('Let me'),
      openAiText(' check.'),
      toolCallStart,
      toolCallArguments,
      openAiText('One'),
      openAiText(' moment.'),
      finish,
      usage,
      done,
    ].join('');
    expect(mergeTextEvents(stream, 'openai-chat').events).toBe(
      [openAiText('Let me check.'), toolCallStart, toolCallArguments, openAiText('One moment.'), finish, usage, done].join(''),
    );
  });

  it('says there was no text when only empty content or other events came', () => {
    const stream = data(chunkOf({ role: 'assistant', content: '' })) + toolCallStart + finish + done;
    expect(mergeTextEvents(stream, 'openai-chat')).toEqual({ events: stream, text: false });
  });

  it('does not merge chunks of different choices', () => {
    const stream = [
      openAiText('a', { index: 0 }),
      openAiText('x', { index: 1 }),
      openAiText('b', { index: 0 }),
      openAiText('c', { index: 0 }),
      openAiText('y', { index: 1 }),
      openAiText('z', { index: 1 }),
    ].join('');
    expect(mergeTextEvents(stream, 'openai-chat').events).toBe(
      [openAiText('a', { index: 0 }), openAiText('x', { index: 1 }), openAiText('bc', { index: 0 }), openAiText('yz', { index: 1 })].join(
        '',
      ),
    );
  });

  it('does not merge chunks that carry log probabilities', () => {
    const withLogprobs = (content: string) =>
      openAiText(content, { logprobs: { content: [{ token: content, logprob: -0.1, bytes: null, top_logprobs: [] }] } });
    const stream = withLogprobs('Hello') + withLogprobs(' there');
    expect(mergeTextEvents(stream, 'openai-chat').events).toBe(stream);
  });
});

describe('mergeTextEvents, Anthropic messages', () => {
  const start = anthropic('message_start', { message: { id: 'msg_1', role: 'assistant', content: [], usage: { input_tokens: 12 } } });
  const ping = anthropic('ping', {});
  const blockStart = (index: number, block: Record<string, unknown>) => anthropic('content_block_start', { index, content_block: block });
  const blockStop = (index: number) => anthropic('content_block_stop', { index });
  const json = (partial: string) =>
    anthropic('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: partial } });
  const messageDelta = anthropic('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 40 } });
  const stop = anthropic('message_stop', {});

  it('merges consecutive text deltas of one block and leaves every other event as it is, in order', () => {
    const stream = [
      start,
      blockStart(0, { type: 'text', text: '' }),
      ping,
      ...japanese.map((piece) => anthropicText(piece)),
      blockStop(0),
      blockStart(1, { type: 'tool_use', id: 'toolu_1', name: 'orderStatus', input: {} }),
      json('{"orderId":'),
      json('"A-1001"}'),
      blockStop(1),
      messageDelta,
      stop,
    ].join('');
    const merged = mergeTextEvents(stream, 'anthropic');
    expect(merged.text).toBe(true);
    expect(merged.events).toBe(
      [
        start,
        blockStart(0, { type: 'text', text: '' }),
        ping,
        anthropicText(japanese.join('')),
        blockStop(0),
        blockStart(1, { type: 'tool_use', id: 'toolu_1', name: 'orderStatus', input: {} }),
        json('{"orderId":'),
        json('"A-1001"}'),
        blockStop(1),
        messageDelta,
        stop,
      ].join(''),
    );
  });

  it('does not merge text deltas of different blocks', () => {
    const stream = anthropicText('a', 0) + anthropicText('b', 0) + anthropicText('x', 2) + anthropicText('y', 2);
    expect(mergeTextEvents(stream, 'anthropic').events).toBe(anthropicText('ab', 0) + anthropicText('xy', 2));
  });
});

describe('textCoalescer', () => {
  const windowMs = 50;
  let emitted: string[];
  // Each emission must be whole UTF-8 on its own: a fatal decoder throws on a split character.
  const strict = new TextDecoder('utf-8', { fatal: true });
  const emit = (bytes: Uint8Array) => emitted.push(strict.decode(bytes));
  const bytes = (text: string) => new TextEncoder().encode(text);
  const output = () => emitted.join('');

  beforeEach(() => {
    emitted = [];
    // The coalescer reads perf_hooks' clock: put it on the fake clock too.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('passes what comes before the first text and the first text at once, holds the pieces after it for the window', () => {
    const coalescer = textCoalescer('openai-chat', emit, windowMs);
    const role = data(chunkOf({ role: 'assistant', content: '' }));
    coalescer.push(bytes(role));
    expect(output()).toBe(role);
    coalescer.push(bytes(openAiText('ご注文')));
    expect(output()).toBe(role + openAiText('ご注文'));

    for (const piece of japanese.slice(1, 4)) coalescer.push(bytes(openAiText(piece)));
    expect(emitted).toHaveLength(2);
    vi.advanceTimersByTime(windowMs);
    expect(emitted).toHaveLength(3);
    expect(emitted[2]).toBe(openAiText('の品は二営業日以内に'));

    // After a quiet window the next piece is not held.
    vi.advanceTimersByTime(windowMs);
    coalescer.push(bytes(openAiText('発送')));
    expect(emitted.at(-1)).toBe(openAiText('発送'));
  });

  it('passes everything held at the end, merged and in order', () => {
    const coalescer = textCoalescer('openai-chat', emit, windowMs);
    coalescer.push(bytes(openAiText('Let me')));
    for (const event of [openAiText(' check'), openAiText('.'), toolCallStart, toolCallArguments, finish, usage, done])
      coalescer.push(bytes(event));
    expect(output()).toBe(openAiText('Let me'));
    coalescer.end();
    expect(output()).toBe([openAiText('Let me'), openAiText(' check.'), toolCallStart, toolCallArguments, finish, usage, done].join(''));
  });

  it('holds an event split across chunks until its end arrives, then passes it whole', () => {
    const coalescer = textCoalescer('anthropic', emit, windowMs);
    const first = anthropicText('สินค้า');
    coalescer.push(bytes(first.slice(0, 30)));
    expect(emitted).toEqual([]);
    coalescer.push(bytes(first.slice(30)));
    expect(emitted).toEqual([first]);
  });

  it('keeps Japanese and Thai text whole when chunks split events and characters', () => {
    for (const [format, pieces] of [
      ['openai-chat', japanese],
      ['anthropic', thai],
    ] as const) {
      emitted = [];
      const textEvent = format === 'openai-chat' ? (piece: string) => openAiText(piece) : (piece: string) => anthropicText(piece);
      const tail = format === 'openai-chat' ? finish + usage + done : anthropic('message_stop', {});
      // Forty pieces of the sentence, sent in 7-byte chunks with the window passing now and then.
      const text = Array.from({ length: 40 }, (_, i) => pieces[i % pieces.length] as string);
      const stream = bytes(text.map(textEvent).join('') + tail);
      const coalescer = textCoalescer(format, emit, windowMs);
      for (let at = 0, n = 0; at < stream.length; at += 7, n += 1) {
        coalescer.push(stream.subarray(at, at + 7));
        if (n % 100 === 99) vi.advanceTimersByTime(windowMs);
      }
      coalescer.end();

      const events = eventsOf(output());
      const texts = events.filter((event) => event.includes('"text_delta"') || event.includes('"content"'));
      const joined =
        format === 'openai-chat'
          ? openAiContent(output())
          : texts.map((event) => JSON.parse(event.slice(event.indexOf('data: ') + 6)).delta.text).join('');
      expect(joined).toBe(text.join(''));
      expect(texts.length).toBeGreaterThan(1);
      expect(texts.length).toBeLessThan(text.length);
      expect(events.slice(-eventsOf(tail).length).join('\n\n')).toBe(eventsOf(tail).join('\n\n'));
    }
  });

  it('passes a stream with carriage returns on unchanged, wherever its chunks are cut', () => {
    const crlf = (event: string) => event.replace(/\n/g, '\r\n');
    const stream = bytes([openAiText('ご注文'), openAiText('の品は'), openAiText('สินค้า'), done].map(crlf).join(''));
    for (let cut = 1; cut < stream.length; cut += 1) {
      // Passed on as it comes, so a chunk may end inside a character: compare the bytes.
      const out: number[] = [];
      const coalescer = textCoalescer('openai-chat', (chunk) => out.push(...chunk), windowMs);
      coalescer.push(stream.subarray(0, cut));
      coalescer.push(stream.subarray(cut));
      coalescer.end();
      expect(Buffer.from(out).equals(stream), `cut at byte ${cut}`).toBe(true);
    }
  });

  it('drops what it holds when stopped', () => {
    const coalescer = textCoalescer('anthropic', emit, windowMs);
    coalescer.push(bytes(anthropicText('สินค้า')));
    coalescer.push(bytes(anthropicText('จะ')));
    coalescer.push(bytes(anthropicText('จัดส่ง')));
    coalescer.stop();
    vi.advanceTimersByTime(windowMs * 2);
    expect(emitted).toEqual([anthropicText('สินค้า')]);
  });

  it('passes on the whole events it holds when the connection fails, and drops a cut one', () => {
    const coalescer = textCoalescer('openai-chat', emit, windowMs);
    coalescer.push(bytes(openAiText('ご注文は')));
    coalescer.push(bytes(openAiText('3日以内に')));
    const cut = openAiText('発送します');
    coalescer.push(bytes(`${openAiText('届きます')}${cut.slice(0, 20)}`));
    coalescer.fail();
    vi.advanceTimersByTime(windowMs * 2);
    // What the shopper already had before the cut reaches the answer; the half event never does.
    expect(emitted.join('')).toContain('3日以内に届きます');
    expect(emitted.join('')).not.toContain('発送');
  });
});
