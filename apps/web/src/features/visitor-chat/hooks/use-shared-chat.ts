import type { SharedChatStreamEvent, SharedThreadOrigin } from '@aisle/contracts/visitor-chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { i18n } from '@/i18n/i18n';
import { publicAssistantQueryOptions } from '../api/decode-shared-token';
import { getVisitorThread } from '../api/get-visitor-thread';
import { sendSharedMessage } from '../api/send-shared-message';
import { isConversationNotFound, type ShareProblem, shareProblemOf } from '../share-problem';
import { initialSharedChatState, isTurnActive, sharedChatReducer, type ThreadCredentials } from '../shared-chat-state';
import { BUSY_RETRIES, busyRetryDelaySeconds, visitorTurnError } from '../visitor-error';
import { forgetVisitorThread, loadVisitorThread, saveVisitorThread } from '../visitor-thread-store';
import { unreadCount } from '../widget-bridge';
import { useShareRecheck } from './use-share-recheck';
import { useVisitorEvents } from './use-visitor-events';

/** Resolves true after `ms`, or false as soon as `signal` aborts (the visitor pressed Stop or left). */
function waitFor(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      resolve(false);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The visitor's conversation on one share link: the remembered thread and its history, the turn
 * being asked (streamed, stoppable, retryable), the live stream of the shop's replies, and what
 * the visitor has not seen yet (`visible` false: the widget is closed).
 */
export function useSharedChat({ shareToken, origin, visible }: { shareToken: string; origin: SharedThreadOrigin; visible: boolean }) {
  const [remembered] = useState(() => loadVisitorThread(shareToken));
  const [state, dispatch] = useReducer(sharedChatReducer, remembered, initialSharedChatState);
  const [seenUntil, setSeenUntil] = useState(remembered?.seenUntil);
  /** The link stopped working while the page was open (turned off, expired, deleted). */
  const [linkProblem, setLinkProblem] = useState<ShareProblem | null>(null);
  const controller = useRef<AbortController | null>(null);

  const loadHistory = useCallback(
    async (thread: ThreadCredentials, signal?: AbortSignal) => {
      try {
        const history = await getVisitorThread({ token: shareToken, ...thread }, signal);
        dispatch({ type: 'history', history });
      } catch (error) {
        if (signal?.aborted) return;
        if (isConversationNotFound(error)) {
          forgetVisitorThread(shareToken);
          dispatch({ type: 'forget-thread' });
          return;
        }
        console.error('shared chat: history could not be loaded', error);
        dispatch({ type: 'history-failed' });
      }
    },
    [shareToken],
  );

  useEffect(() => {
    if (!remembered) return;
    const abort = new AbortController();
    void loadHistory(remembered, abort.signal);
    return () => abort.abort();
  }, [remembered, loadHistory]);

  // The newest message on screen while the chat is visible counts as seen (the widget's badge).
  const newest = state.messages.at(-1)?.createdAt;
  useEffect(() => {
    if (visible && newest && (!seenUntil || newest > seenUntil)) setSeenUntil(newest);
  }, [visible, newest, seenUntil]);

  useEffect(() => {
    if (state.thread) saveVisitorThread(shareToken, { ...state.thread, ...(seenUntil ? { seenUntil } : {}) });
  }, [shareToken, state.thread, seenUntil]);

  // A link turned off comes back by itself when the shop turns it on again: the composer returns,
  // the live stream reopens (and the history fills what was missed), an unsent question can be retried.
  const queryClient = useQueryClient();
  useShareRecheck({
    shareToken,
    problem: linkProblem,
    watching: visible,
    onActive: (assistant) => {
      queryClient.setQueryData(publicAssistantQueryOptions(shareToken).queryKey, assistant);
      setLinkProblem(null);
      dispatch({ type: 'link-restored' });
    },
    onProblem: setLinkProblem,
  });

  useVisitorEvents({
    shareToken,
    thread: state.thread,
    enabled: !linkProblem,
    onEvent: (event) => {
      if (event.event === 'message') dispatch({ type: 'live-message', message: event.data });
      else dispatch({ type: 'live-thread', autoReplyPaused: event.data.autoReplyPaused });
    },
    onReconnected: () => {
      if (state.thread) void loadHistory(state.thread);
    },
    onRefused: (error) => setLinkProblem(shareProblemOf(error)),
  });

  // Leaving the page stops the reply; the server then drops the half-written answer.
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (question: string, thread: ThreadCredentials | null, { againWithoutThread = true, busyTries = 0 } = {}): Promise<void> => {
      const abort = new AbortController();
      controller.current = abort;
      const onEvent = (event: SharedChatStreamEvent) => {
        if (abort.signal.aborted) return;
        if (event.event === 'thread') dispatch({ type: 'thread', thread: event.data });
        else if (event.event === 'message') dispatch({ type: 'question', message: event.data });
        else if (event.event === 'token') dispatch({ type: 'token', text: event.data.text });
        else if (event.event === 'done') dispatch({ type: 'done', reply: event.data.reply });
        else if (event.event === 'paused') dispatch({ type: 'paused' });
        else dispatch({ type: 'error', error: event.data });
      };
      try {
        const request = thread ? { token: shareToken, message: question, ...thread } : { token: shareToken, message: question, origin };
        await sendSharedMessage({ request, signal: abort.signal, onEvent });
      } catch (error) {
        if (abort.signal.aborted) return;
        // The remembered thread is gone (deleted by the shop): the question starts a new one.
        if (thread && againWithoutThread && isConversationNotFound(error)) {
          forgetVisitorThread(shareToken);
          dispatch({ type: 'forget-thread' });
          return run(question, null, { againWithoutThread: false });
        }
        // Too busy to start the answer (nothing was stored): say so, wait, and ask again.
        const wait = busyTries < BUSY_RETRIES ? busyRetryDelaySeconds(error) : null;
        if (wait !== null) {
          dispatch({ type: 'busy', seconds: Math.ceil(wait) });
          if (!(await waitFor(wait * 1000, abort.signal))) return;
          return run(question, thread, { againWithoutThread, busyTries: busyTries + 1 });
        }
        const problem = shareProblemOf(error);
        if (problem) {
          // The composer's place says why; the question's own note stays short.
          setLinkProblem(problem);
          dispatch({ type: 'error', error: { code: problem.code, detail: i18n.t('shopper:errors.notSent'), retryable: false } });
          return;
        }
        console.error('shared chat: the message could not be sent', error);
        dispatch({ type: 'error', error: visitorTurnError(error) });
      }
    },
    [shareToken, origin],
  );

  const busy = isTurnActive(state.turn);
  return {
    ...state,
    busy,
    linkProblem,
    unread: visible ? 0 : unreadCount(state.messages, seenUntil),
    send(question: string) {
      if (busy) return;
      dispatch({ type: 'send', question });
      void run(question, state.thread);
    },
    retry() {
      if (!state.turn || busy) return;
      dispatch({ type: 'retry' });
      void run(state.turn.question, state.thread);
    },
    stop() {
      controller.current?.abort();
      dispatch({ type: 'stop' });
    },
    reloadHistory() {
      if (!state.thread) return;
      dispatch({ type: 'history-loading' });
      void loadHistory(state.thread);
    },
  };
}
