import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './server-bundle';

export interface TestRedis {
  url: string;
  /** Starts (again) on the same port: what a restarted Redis looks like to its clients. */
  start(): Promise<void>;
  /** Kills it at once (SIGKILL: no goodbye to the clients, as in a crash or a cut network). */
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own on a free loopback port, from the machine's `redis-server`
 * (the CI machine runs one for the suite; this one can be stopped without disturbing the others).
 * Keeps nothing on disk.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      await new Promise<void>((resolve, reject) => {
        started.stdout?.on('data', (chunk) => {
          output += String(chunk);
          if (output.includes('Ready to accept connections')) resolve();
        });
        started.once('error', reject);
        started.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`)));
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
