import { performance } from 'node:perf_hooks';
import { type BenchServer, graphql, percentile, readTurnStream, removeBundle, startServer } from './server-process';

/**
 * An assistant's test suite (issue 35), on the production server (embedded database, the built-in
 * `local` model):
 * - a suite generated from a 20-section FAQ and a 15-product list, trimmed to 50 enabled cases, run
 *   alone: seconds from `test-suite/run/` to the run's `done`. Goal: under 15 s.
 * - shoppers chatting on the public link (closed loop, 20 visitors) for 15 s without a run, then
 *   for 15 s while a run goes, then again without: answers per second and first-token p50 with and
 *   without. Goal: no more than 10 % slower.
 */
const SECTIONS = [
  ['Returns', 'You can send any unworn item back within 30 days of delivery for a full refund.'],
  ['Shipping time', 'Parcels inside the country arrive in 3 business days.'],
  ['Shipping fee', 'Delivery costs $6 per order, and orders over $80 ship free.'],
  ['Opening hours', 'Our showroom is open from 10:00 to 19:00 every day.'],
  ['Gift wrapping', 'We wrap any order in recycled paper for $4.'],
  ['Warranty', 'Every tent carries a 5 year warranty against seam failure.'],
  ['Repairs', 'Zip repairs cost $15 and take 10 days.'],
  ['Rentals', 'Tents can be rented for $25 a weekend.'],
  ['Loyalty points', 'Members earn 1 point for every $10 spent.'],
  ['Student discount', 'Students save 15 percent with a valid card.'],
  ['Gift cards', 'Gift cards come in values from $20 to $200 and never expire.'],
  ['International orders', 'We ship to 40 countries; customs fees are paid on delivery.'],
  ['Click and collect', 'Orders placed before 14:00 can be collected the same day.'],
  ['Price match', 'We match a lower price from a listed shop within 7 days.'],
  ['Sizing', 'Our jackets run one size small; between sizes, take the larger one.'],
  ['Care', 'Wash down jackets at 30 degrees with down soap.'],
  ['Payment', 'We take cards, bank transfer and pay-later in 3 instalments.'],
  ['Pre-orders', 'Pre-orders ship within 6 weeks of the release date.'],
  ['Damaged items', 'Report damage within 48 hours with a photo for a free replacement.'],
  ['Newsletter', 'Subscribers get 10 percent off their first order.'],
];
const PRODUCTS = [
  'Trail Tent,389',
  'Summit Sleeping Bag,249',
  'Ridge Backpack,129',
  'Harbor Rain Jacket,159',
  'Cedar Camp Chair,69',
  'Ember Stove,89',
  'Lumen Headlamp,35',
  'Drift Water Bottle,29',
  'Canyon Hiking Boots,199',
  'Breeze Hammock,59',
  'Glacier Down Jacket,299',
  'Pebble Cook Set,49',
  'Aspen Trekking Poles,79',
  'Meadow Picnic Blanket,45',
  'Comet Lantern,39',
];
const COLOURS = ['Orange, Grey', 'Blue, Black', 'Green, Sand'];
const faq = `# Help centre\n\n${SECTIONS.map(([heading, text]) => `## ${heading}\n\n${text}`).join('\n\n')}\n`;
const products = `name,colour,price\n${PRODUCTS.map((line, i) => {
  const [name, price] = line.split(',');
  return `${name},"${COLOURS[i % COLOURS.length]}",$${price}`;
}).join('\n')}\n`;
const questions = [
  'How long do I have to return an item?',
  'Is shipping free?',
  'How much is the Trail Tent?',
  'When is the showroom open?',
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: BenchServer, token: string | null, url: string, body: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function upload(server: BenchServer, owner: string, storeId: string, fileName: string, contentType: string, text: string) {
  const bytes = Buffer.from(text);
  const batch = (await call(server, owner, '/api/files/upload-batch/', {
    storeId,
    files: [{ fileName, size: bytes.length, contentType }],
  })) as {
    files: { fileId: string; uploadUrl: string }[];
  };
  const file = batch.files[0];
  if (!file) throw new Error('no upload URL');
  await fetch(`${server.url}${file.uploadUrl}`, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
  await call(server, owner, '/api/files/finish-upload/', { storeId, fileIds: [file.fileId] });
}

/** A store with the FAQ and the products, an assistant on the local model linked to it and shared. */
async function setUp(server: BenchServer, owner: string) {
  const store = await call(server, owner, '/api/store/create/', { name: 'Outdoor shop' });
  await upload(server, owner, store.id as string, 'faq.md', 'text/markdown', faq);
  await upload(server, owner, store.id as string, 'products.csv', 'text/csv', products);
  for (;;) {
    const data = (await graphql(server, owner, 'query($id: ID!) { getStore(id: $id) { status } }', { id: store.id })) as {
      getStore: { status: string };
    };
    if (data.getStore.status === 'ready') break;
    await pause(100);
  }
  const assistant = await call(server, owner, '/api/assistant/create/', { assistantName: 'Outdoor helper', model: 'local:extractive' });
  await call(server, owner, '/api/assistant/store-add/', { assistantId: assistant.id, storeId: store.id });
  const share = (await call(server, owner, '/api/shared-assistant/create/', { assistantId: assistant.id })) as {
    shareToken: { token: string };
  };
  return { assistantId: assistant.id as string, shareToken: share.shareToken.token };
}

/** Generates the suite and leaves exactly `size` cases enabled. */
async function suiteOf(server: BenchServer, owner: string, assistantId: string, size: number) {
  const generated = (await call(server, owner, '/api/assistant/test-suite/generate/', { assistantId })) as { cases: { id: string }[] };
  if (generated.cases.length < size) throw new Error(`only ${generated.cases.length} cases were generated`);
  for (const extra of generated.cases.slice(size)) {
    await graphql(server, owner, 'mutation($i: UpdateTestCaseInput!) { updateTestCase(input: $i) { id } }', {
      i: { id: extra.id, enabled: false },
    });
  }
  return generated.cases.length;
}

/** Starts a run; its id. */
async function startRun(server: BenchServer, owner: string, assistantId: string) {
  const { runId } = (await call(server, owner, '/api/assistant/test-suite/run/', { assistantId })) as { runId: string };
  return runId;
}

interface RunState {
  status: string;
  total: number;
  completed: number;
  passed: number;
}

async function runState(server: BenchServer, owner: string, runId: string): Promise<RunState> {
  const data = (await graphql(server, owner, 'query($id: ID!) { getTestRun(id: $id) { status total completed passed } }', {
    id: runId,
  })) as {
    getTestRun: RunState;
  };
  return data.getTestRun;
}

/** A run until it is finished: seconds from the call to `done`, and the score. */
async function runOnce(server: BenchServer, owner: string, assistantId: string) {
  const started = performance.now();
  const runId = await startRun(server, owner, assistantId);
  for (;;) {
    const run = await runState(server, owner, runId);
    if (run.status === 'done' || run.status === 'failed') {
      return {
        seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        status: run.status,
        total: run.total,
        passed: run.passed,
      };
    }
    await pause(50);
  }
}

/** Visitors on the public stream, each asking again once answered, for `seconds`: answers per second and first-token p50/p99. */
async function shoppers(server: BenchServer, token: string, visitors: number, seconds: number) {
  const firsts: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: visitors }, async (_, v) => {
      const ids: Record<string, string> = {};
      for (let turn = 0; performance.now() < until; turn++) {
        const start = performance.now();
        const res = await fetch(`${server.url}/api/shared-chat/stream/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ token, message: `${questions[(v + turn) % questions.length]} (${v}.${turn})`, ...ids }),
        });
        if (res.status === 503) {
          await res.text();
          await pause(1000);
          continue;
        }
        const { firstMs, text, done } = await readTurnStream(res, start);
        const thread = /event: thread\ndata: (.+)\n/.exec(text);
        if (thread?.[1] && !ids.sharedThreadId) Object.assign(ids, JSON.parse(thread[1]) as Record<string, string>);
        if (done) firsts.push(firstMs);
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    answersPerSecond: Number((firsts.length / elapsed).toFixed(1)),
    firstTokenP50Ms: percentile(firsts, 50),
    firstTokenP99Ms: percentile(firsts, 99),
    errors,
  };
}

/**
 * Shoppers while a run goes: its cases are asked between their turns (each waits up to a second
 * for a gap), so under this closed loop it moves slowly; how far it got is reported, and it is
 * left to finish before the next measurement.
 */
async function shoppersDuringRun(
  server: BenchServer,
  owner: string,
  assistantId: string,
  token: string,
  visitors: number,
  seconds: number,
) {
  const runId = await startRun(server, owner, assistantId);
  const measured = await shoppers(server, token, visitors, seconds);
  const progress = await runState(server, owner, runId);
  const finishStarted = performance.now();
  for (;;) {
    const run = await runState(server, owner, runId);
    if (run.status === 'done' || run.status === 'failed') break;
    await pause(50);
  }
  return {
    ...measured,
    casesAnsweredMeanwhile: progress.completed,
    runFinishedSecondsAfterShoppersStopped: Number(((performance.now() - finishStarted) / 1000).toFixed(2)),
  };
}

const OWNER = 'suites@bench.test';

export async function testSuiteRun(visitors = 20, seconds = 15) {
  const server = await startServer({
    users: [OWNER],
    env: { SHARED_CHAT_TOKEN_RATE_LIMIT: '1000000', SHARED_CHAT_VISITOR_RATE_LIMIT: '1000000', GRAPHQL_RATE_LIMIT: '100000' },
  });
  try {
    const owner = await server.token(OWNER);
    const { assistantId, shareToken } = await setUp(server, owner);
    const generated = await suiteOf(server, owner, assistantId, 50);
    // Warm: one run before the measured one (the first compiles the answering code).
    await runOnce(server, owner, assistantId);
    const alone = await runOnce(server, owner, assistantId);
    const without1 = await shoppers(server, shareToken, visitors, seconds);
    const during = await shoppersDuringRun(server, owner, assistantId, shareToken, visitors, seconds);
    const without2 = await shoppers(server, shareToken, visitors, seconds);
    const baseline = (without1.answersPerSecond + without2.answersPerSecond) / 2;
    return {
      casesGenerated: generated,
      run50Alone: { ...alone, goalSeconds: 15 },
      shoppers: { visitors, seconds, without: [without1, without2], duringRun: during },
      slowdownPercent: Number(((1 - during.answersPerSecond / baseline) * 100).toFixed(1)),
      goalSlowdownPercent: 10,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('test-suite-run.ts')) {
  testSuiteRun()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
