import { type FakeLlm, type FakeReply, type HttpFailure, json, type ServedRequest, startFakeLlm, writeEvents } from './fake-llm-server';

/** The key the fake accepts; any other gets OpenAI's 401. */
export const FAKE_OPENAI_KEY = 'sk-test-openai';

const errors: Record<HttpFailure, { status: number; body: unknown }> = {
  unauthorized: {
    status: 401,
    body: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
  },
  'rate-limited': {
    status: 429,
    body: { error: { message: 'Rate limit reached for requests.', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
  },
  'server-error': {
    status: 500,
    body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
  },
  'unknown-model': {
    status: 404,
    body: {
      error: {
        message: 'The model does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    },
  },
};

const usageOf = (reply: FakeReply) => {
  const usage = reply.usage ?? { inputTokens: 0, outputTokens: 0 };
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
  };
};

/** Chat-completions chunks: role, text pieces, tool-call argument pieces, finish, then usage when asked. */
function streamEvents(model: string, reply: FakeReply, includeUsage: boolean): string[] {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of reply.text ?? []) chunks.push(chunk({ content: piece }));
  if (reply.toolCall) {
    const { id, name, argumentPieces } = reply.toolCall;
    chunks.push(chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }));
    for (const piece of argumentPieces) chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
  }
  chunks.push(chunk({}, reply.toolCall ? 'tool_calls' : 'stop'));
  if (includeUsage) chunks.push({ ...base, choices: [], usage: usageOf(reply) });
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'];
}

function completion(model: string, reply: FakeReply) {
  const toolCalls = reply.toolCall
    ? [
        {
          id: reply.toolCall.id,
          type: 'function',
          function: { name: reply.toolCall.name, arguments: reply.toolCall.argumentPieces.join('') },
        },
      ]
    : undefined;
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text?.join('') ?? null, tool_calls: toolCalls },
        logprobs: null,
        finish_reason: reply.toolCall ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageOf(reply),
  };
}

async function serve({ state, request, reply, res }: ServedRequest) {
  const {
    model,
    stream,
    stream_options: streamOptions,
  } = request.body as {
    model: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
  if (!stream) {
    // A cut non-streaming answer: the connection drops before any byte of the body.
    if (state.failure === 'cut') return res.socket?.destroy();
    return json(res, 200, completion(model, reply));
  }
  await writeEvents(state, res, streamEvents(model, reply, streamOptions?.include_usage === true));
}

/**
 * OpenAI's `POST /v1/chat/completions` on loopback, streaming (SSE `data:` chunks ending with
 * `[DONE]`) and not, with scripted replies and failures (401, 429, 500, 404, cut, slow).
 */
export function startFakeOpenAi(): Promise<FakeLlm> {
  return startFakeLlm({
    path: '/v1/chat/completions',
    authorized: (request) => request.headers.authorization === `Bearer ${FAKE_OPENAI_KEY}`,
    errorFor: (failure) => errors[failure],
    serve,
  });
}
