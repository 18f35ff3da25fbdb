import { type FakeLlm, type FakeReply, type HttpFailure, json, type ServedRequest, startFakeLlm, writeEvents } from './fake-llm-server';

/** The key the fake accepts; any other gets Anthropic's 401. */
export const FAKE_ANTHROPIC_KEY = 'sk-ant-test';

const error = (status: number, type: string, message: string) => ({ status, body: { type: 'error', error: { type, message } } });

const errors: Record<HttpFailure, { status: number; body: unknown }> = {
  unauthorized: error(401, 'authentication_error', 'invalid x-api-key'),
  'rate-limited': error(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit.'),
  'server-error': error(500, 'api_error', 'Internal server error'),
  'unknown-model': error(404, 'not_found_error', 'model: not found'),
};

/** Anthropic counts cache reads apart from input_tokens; the fake's usage includes them, as the SDK reports it. */
const usageOf = (reply: FakeReply) => {
  const usage = reply.usage ?? { inputTokens: 0, outputTokens: 0 };
  const cached = usage.cachedInputTokens ?? 0;
  return { input_tokens: usage.inputTokens - cached, cache_read_input_tokens: cached, cache_creation_input_tokens: 0 };
};

const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** The Messages API's event sequence: start, one block per text / tool use with its deltas, usage, stop. */
function streamEvents(model: string, reply: FakeReply): string[] {
  const stopReason = reply.toolCall ? 'tool_use' : 'end_turn';
  const events = [
    event('message_start', {
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usageOf(reply), output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (reply.text) {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of reply.text) events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  if (reply.toolCall) {
    const { id, name, argumentPieces } = reply.toolCall;
    events.push(event('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }));
    for (const partial of argumentPieces)
      events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: partial } }));
    events.push(event('content_block_stop', { index }));
  }
  events.push(
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: reply.usage?.outputTokens ?? 0 },
    }),
    event('message_stop', {}),
  );
  return events;
}

function message(model: string, reply: FakeReply) {
  const content: unknown[] = [];
  if (reply.text) content.push({ type: 'text', text: reply.text.join('') });
  if (reply.toolCall)
    content.push({
      type: 'tool_use',
      id: reply.toolCall.id,
      name: reply.toolCall.name,
      input: JSON.parse(reply.toolCall.argumentPieces.join('')),
    });
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: reply.toolCall ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { ...usageOf(reply), output_tokens: reply.usage?.outputTokens ?? 0 },
  };
}

async function serve({ state, request, reply, res }: ServedRequest) {
  const { model, stream } = request.body as { model: string; stream?: boolean };
  if (!stream) {
    if (state.failure === 'cut') return res.socket?.destroy();
    return json(res, 200, message(model, reply));
  }
  await writeEvents(state, res, streamEvents(model, reply));
}

/**
 * Anthropic's `POST /v1/messages` on loopback, streaming (SSE events) and not, with scripted
 * replies and failures (401, 429, 500, 404, cut, slow).
 */
export function startFakeAnthropic(): Promise<FakeLlm> {
  return startFakeLlm({
    path: '/v1/messages',
    authorized: (request) => request.headers['x-api-key'] === FAKE_ANTHROPIC_KEY,
    errorFor: (failure) => errors[failure],
    serve,
  });
}
