import type { MessagePort } from 'node:worker_threads';
import { describeBytes } from './describe-size';
import { type HostAbilities, type HostCallAnswer, type HostCallMessage, HostCallRefusal, type SandboxLimits } from './sandbox-types';

/**
 * The main thread's side of `aisle.<name>(input)`: answers the worker's calls on `port` with what
 * the granted abilities return, as JSON no larger than a fetch body. Returns a function that stops
 * serving (the run ended); answers still in flight are then dropped.
 */
export function serveHostCalls(port: MessagePort, host: HostAbilities, limits: SandboxLimits): () => void {
  let open = true;
  const answer = (message: HostCallAnswer) => {
    if (open) port.postMessage(message);
  };
  port.on('message', (message: HostCallMessage) => {
    void answerCall(message, host, limits).then(answer);
  });
  return () => {
    open = false;
    port.close();
  };
}

async function answerCall({ id, name, inputJson }: HostCallMessage, host: HostAbilities, limits: SandboxLimits): Promise<HostCallAnswer> {
  if (!host.names.includes(name)) return { id, ok: false, message: `aisle.${String(name).slice(0, 60)} is not available to this function` };
  try {
    const value = await host.call(name, JSON.parse(inputJson));
    const json = JSON.stringify(value ?? null);
    if (Buffer.byteLength(json) > limits.fetchMaxBytes) {
      return { id, ok: false, message: `aisle.${name} answered more than ${describeBytes(limits.fetchMaxBytes)}` };
    }
    return { id, ok: true, json };
  } catch (error) {
    return { id, ok: false, message: error instanceof HostCallRefusal ? error.message : `aisle.${name} failed` };
  }
}
