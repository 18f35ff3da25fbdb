import { describeBytes, describeSeconds } from './describe-size';
import type { SandboxLimits } from './sandbox-types';

const EXPORT_HINT = 'Export an async function: export default async function (args, variables) { … }';

/** What a merchant reads when a run fails for a reason other than an error their code threw. */
export const outcomeMessages = {
  timeout: (limits: SandboxLimits) => `The function ran longer than ${describeSeconds(limits.timeMs)} and was stopped.`,
  neverSettled: () => 'The function never finished: it is waiting for a promise that nothing will ever resolve.',
  memory: (limits: SandboxLimits) => `The function used more than ${describeBytes(limits.memoryBytes)} of memory.`,
  stack: () => 'The function called itself too deeply and ran out of stack. Look for recursion that never ends.',
  noDefaultExport: () => `The function has no default export. ${EXPORT_HINT}`,
  defaultNotAFunction: (type: string) =>
    `The function's default export is ${type === 'object' ? 'an object' : `a ${type}`}, not a function. ${EXPORT_HINT}`,
  resultTooLarge: (limits: SandboxLimits) => `The function's result is larger than ${describeBytes(limits.resultBytes)} as JSON.`,
  notSerialisable: (detail: string) => `The function's result cannot be converted to JSON (${detail}).`,
  unreadableError: () => 'The function threw an error that could not be read.',
  thrownValue: (text: string) => `The function threw ${text} (not an Error).`,
  importRefused: (name: string) =>
    `Functions cannot import modules ("${name.slice(0, 100)}"): only the built-in fetch and console are available.`,
  badArguments: () => 'The arguments could not be passed to the function as JSON.',
  busy: (waiting: number) =>
    `The function did not run: ${waiting} runs of this account's functions are already waiting for the sandbox. Try again in a moment.`,
  crashed: () => 'The sandbox running the function stopped unexpectedly. Try again; if it keeps happening, simplify the function.',
};
