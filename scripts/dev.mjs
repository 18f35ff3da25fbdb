// `npm run dev`: the server under `tsx watch` and the Vite dev server (which proxies /api, /graphql
// and /media to the server) side by side, each output line prefixed with its name. Both stop when
// either exits or on Ctrl-C; a second Ctrl-C kills them without waiting.
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import { serverEnv, signalTree, spawnNpm, waitForTree } from './workspace.mjs';

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
// The children write to pipes; let them keep their colours when we print to a terminal.
const childEnv = colour && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {};
const env = serverEnv();

const children = [
  start('server', '36', ['run', 'dev', '-w', '@aisle/server'], { ...env, ...childEnv }),
  start('web', '35', ['run', 'dev', '-w', '@aisle/web'], {
    ...process.env,
    ...childEnv,
    // Keep the proxy pointed at the server when PORT moves it.
    AISLE_DEV_API: process.env.AISLE_DEV_API ?? `http://127.0.0.1:${process.env.PORT || 3000}`,
  }),
];

let stopping = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      log('killing both');
      for (const { child } of children) signalTree(child, 'SIGKILL');
      return;
    }
    stop({ reason: `${signal} received`, signal: signal === 'SIGHUP' ? 'SIGTERM' : signal, exitCode: 128 + constants.signals[signal] });
  });
}

const results = await Promise.all(
  children.map(async ({ name, child, exited }) => {
    const result = await exited;
    if (!stopping) {
      const how = result.signal ?? `code ${result.code}`;
      stop({ reason: `${name} exited (${how})`, signal: 'SIGTERM', exitCode: result.code || 1 });
    }
    await waitForTree(child);
    return result;
  }),
);
process.exit(stopping?.exitCode ?? (results.every((r) => r.code === 0) ? 0 : 1));

function stop(how) {
  stopping = how;
  log(`${how.reason}; stopping`);
  for (const { child } of children) signalTree(child, how.signal);
}

function start(name, ansiColour, args, childProcessEnv) {
  const child = spawnNpm(args, { stdio: ['ignore', 'pipe', 'pipe'], env: childProcessEnv });
  const prefix = colour ? `\x1b[${ansiColour}m[${name}]\x1b[0m ` : `[${name}] `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      log(`could not start ${name}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { name, child, exited };
}

function log(message) {
  console.log(`[dev] ${message}`);
}
