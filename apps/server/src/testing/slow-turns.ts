/** A slow answer of the fake model: four pieces (150 ms apart with `chunkDelayMs = 150`), so a turn holds its gate slot for about half a second. */
export const slowReply = { text: ['One', ' moment', ' please', '.'], usage: { inputTokens: 10, outputTokens: 4 } };

/** Waits (polling every 10 ms, at most 5 s) until `done()` holds; `what` names it when it never does. */
export async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
