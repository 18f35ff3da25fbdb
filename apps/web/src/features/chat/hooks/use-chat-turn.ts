import type { ChatMessage } from '@aisle/contracts/chat';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { i18n } from '@/i18n/i18n';
import { sendChatMessage } from '../api/send-chat-message';
import { chatErrorCode, chatErrorText } from '../chat-error-text';
import { isActive, turnReducer } from '../reply-state';

/**
 * The live turn of one thread: send a question, follow its reply token by token, stop it, retry
 * it. A finished turn is handed to `onFinished` (to join the stored messages) and cleared; a
 * failed or stopped one stays for the merchant to see and retry.
 */
export function useChatTurn({
  threadId,
  onFinished,
}: {
  threadId: string;
  onFinished: (question: ChatMessage | null, reply: ChatMessage | null) => void;
}) {
  const { sessionStore } = useAuth();
  const [turn, dispatch] = useReducer(turnReducer, null);
  const controller = useRef<AbortController | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  // Leaving the thread stops its reply; the server then drops the half-written answer.
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (question: string) => {
      const abort = new AbortController();
      controller.current = abort;
      let stored: ChatMessage | null = null;
      try {
        await sendChatMessage({
          threadId,
          content: question,
          getToken: () => sessionStore.getValidAccessToken(),
          refreshToken: () => sessionStore.refreshAccessToken(),
          signal: abort.signal,
          onEvent: (event) => {
            if (abort.signal.aborted) return;
            if (event.event === 'message') stored = event.data;
            if (event.event === 'message') dispatch({ type: 'message', message: event.data });
            else if (event.event === 'token') dispatch({ type: 'token', text: event.data.text });
            else if (event.event === 'tool-call' || event.event === 'tool-result') dispatch({ type: 'tool', call: event.data });
            else if (event.event === 'citations') dispatch({ type: 'citations', citations: event.data });
            else if (event.event === 'products') dispatch({ type: 'products', products: event.data });
            else if (event.event === 'error') dispatch({ type: 'error', error: event.data });
            else if (event.event === 'done') {
              dispatch({ type: 'done', reply: event.data.reply, usage: event.data.usage });
              // The usage rides on the reply as stored; kept here too in case the row omits it.
              finished.current(stored, { ...event.data.reply, llmUsage: event.data.reply.llmUsage ?? event.data.usage });
              dispatch({ type: 'clear' });
            }
          },
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        console.error('chat turn failed', error);
        const code = chatErrorCode(error);
        dispatch({
          type: 'error',
          error: {
            code,
            detail: chatErrorText(error, i18n.t('chat:conversation.sendError')),
            retryable: code !== 'no_credit',
          },
        });
      }
    },
    [threadId, sessionStore],
  );

  return {
    turn,
    busy: isActive(turn),
    send(question: string) {
      if (isActive(turn)) return;
      // A failed or stopped question is stored: it stays in the history, without the lost answer.
      if (turn?.questionMessage) finished.current(turn.questionMessage, null);
      dispatch({ type: 'send', question });
      void run(question);
    },
    retry() {
      if (!turn || isActive(turn)) return;
      dispatch({ type: 'retry' });
      void run(turn.question);
    },
    stop() {
      controller.current?.abort();
      dispatch({ type: 'stop' });
    },
  };
}
