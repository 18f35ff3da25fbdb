import type { PublicAssistant } from '@aisle/contracts/sharing';
import { useEffect, useRef } from 'react';
import { decodeSharedToken } from '../api/decode-shared-token';
import { type ShareProblem, shareProblemOf } from '../share-problem';

const FIRST_DELAY_MS = 3_000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before asking again whether the link is back, after `attempt` checks in a row:
 * 3 s doubling up to 30 s, with ±20 % jitter so the visitors of one shop do not all ask at once.
 */
export function recheckDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A problem the shop can undo while the page stays open: the link turned off is turned on again. */
export const isPassingProblem = (problem: ShareProblem | null | undefined): boolean => problem?.code === 'inactive';

/**
 * While the link is turned off (`problem` is `inactive`), asks the server now and then whether it
 * is on again (`decode-shared-token/`, backing off to every ~30 s), at once when the tab becomes
 * visible or the browser comes back online, and not at all while nobody looks (a hidden tab, the
 * widget closed: `watching` false; it asks as soon as someone does). `onActive` gets the assistant
 * when the link works again; `onProblem` a different refusal (deleted, expired), which may end the
 * checks. Network and server failures just mean asking again later.
 */
export function useShareRecheck(options: {
  shareToken: string;
  problem: ShareProblem | null | undefined;
  watching: boolean;
  onActive: (assistant: PublicAssistant) => void;
  onProblem: (problem: ShareProblem) => void;
}) {
  const handlers = useRef(options);
  handlers.current = options;
  const { shareToken, watching } = options;
  const waiting = isPassingProblem(options.problem);

  useEffect(() => {
    if (!waiting || !watching) return;
    const abort = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    const looking = () => document.visibilityState !== 'hidden';

    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), recheckDelay(attempt++));
    };

    async function check() {
      clearTimeout(timer);
      // A hidden tab waits: becoming visible asks at once.
      if (checking || abort.signal.aborted || !looking()) return;
      checking = true;
      try {
        const assistant = await decodeSharedToken(shareToken, abort.signal);
        if (!abort.signal.aborted) handlers.current.onActive(assistant);
        return;
      } catch (error) {
        if (abort.signal.aborted) return;
        const problem = shareProblemOf(error);
        if (problem && problem.code !== handlers.current.problem?.code) {
          handlers.current.onProblem(problem);
          if (!isPassingProblem(problem)) return;
        }
      } finally {
        checking = false;
      }
      schedule();
    }

    const now = () => {
      if (looking()) void check();
    };
    document.addEventListener('visibilitychange', now);
    window.addEventListener('online', now);
    schedule();
    return () => {
      abort.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', now);
      window.removeEventListener('online', now);
    };
  }, [waiting, watching, shareToken]);
}
