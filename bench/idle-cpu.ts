import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { removeBundle, startServer } from './server-process';
import { post, type Setup, type Visitor, visitorTurn, words } from './storefront-turns';

/**
 * What an idle server costs once it has worked (issue 34): on the embedded default, shoppers chat
 * for a moment (so the job queue runs, summaries and the dashboard's refresh are queued), the
 * deferred work of those turns is left to run (`settleS`), then the server's CPU is read over
 * `idleS` seconds with nothing to do. Goal: nearly nothing (≤ 1 % of a core).
 */
export async function idleCpu({ settleS = 75, idleS = 60 } = {}) {
  const fake = await startFakeOpenAi();
  fake.script({ text: words(50), usage: { inputTokens: 200, outputTokens: 50 } });
  const server = await startServer({
    users: ['idle@bench.test'],
    env: { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODELS: 'gpt-4o-mini' },
  });
  try {
    const token = await server.token('idle@bench.test');
    const base: Setup = { url: server.url, token, assistantId: '', shareToken: '' };
    const assistant = await post(base, '/api/assistant/create/', { assistantName: 'Idle', model: 'openai:gpt-4o-mini' });
    const share = (await post(base, '/api/shared-assistant/create/', { assistantId: assistant.id })) as { shareToken: { token: string } };
    const setup: Setup = { ...base, assistantId: assistant.id as string, shareToken: share.shareToken.token };
    const visitors: Visitor[] = Array.from({ length: 5 }, () => ({}));
    for (let i = 0; i < 50; i++) await visitorTurn(setup, visitors[i % 5] as Visitor, `Question ${i}?`);
    await new Promise((resolve) => setTimeout(resolve, settleS * 1000));
    const before = server.cpuMs();
    const byThreadBefore = server.cpuMsByThread();
    await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
    const used = server.cpuMs() - before;
    const byThread = Object.fromEntries(
      Object.entries(server.cpuMsByThread()).map(([name, ms]) => [name, Math.round(ms - (byThreadBefore[name] ?? 0))]),
    );
    return {
      idleSeconds: idleS,
      cpuMs: used,
      percentOfACore: Number(((used / (idleS * 1000)) * 100).toFixed(2)),
      cpuMsByThread: byThread,
      rssMb: Math.round(server.rssBytes() / 1024 / 1024),
      goalPercentOfACore: 1,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}

if (process.argv[1]?.endsWith('idle-cpu.ts')) {
  idleCpu()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
