import type { Logger } from 'pino';
import type { Item } from '../../data-api/model-store';
import { providerFailures } from '../ai';
import type { TurnContext } from '../turns';
import { runTurn, turnErrorOf } from '../turns';
import { conversationThread, type SendMessageInput, stopReasonOf } from './conversation-thread';
import { blocksOf, publishEvent, type ReplyTarget, replyBlocks } from './reply-events';

export type { SendMessageInput } from './conversation-thread';

/**
 * `sendMessage`: the conversation API's transport over the turns engine. The message is checked and
 * stored, and returned at once; the reply goes on in the background and streams to
 * `onConversationStreamEvent` subscribers as the Amplify AI kit's content-block events (text as
 * deltas, a client tool use whole, then the stop reason once the reply is stored). Like every turn
 * it waits for the gate (a flood is refused with 503 busy) and is refused while the process shuts
 * down. A failure after the message was stored (the provider, the process shutting down) keeps the
 * deltas already sent, ends with `errors`, and stores nothing, so no partial answer passes as complete.
 */
export function sendMessage(ctx: TurnContext, logger: Logger, input: SendMessageInput): Promise<Item & { content: unknown }> {
  const target: ReplyTarget = { ctx, logger, ownerEmail: input.ownerEmail, conversationId: input.conversationId, userMessageId: '' };
  const blocks = replyBlocks(target);
  const toBlocks = blocksOf(blocks, stopReasonOf);
  return new Promise((resolve, reject) => {
    let stored = false;
    runTurn(
      ctx,
      logger,
      { key: `owner:${input.ownerEmail}`, streaming: true, origin: 'api' },
      conversationThread(ctx, input, blocks),
      (event) => {
        if (event.type === 'question') {
          stored = true;
          target.userMessageId = String(event.question.id);
          resolve(event.question);
        } else toBlocks(event);
      },
    ).catch((error: unknown) => {
      if (!stored) return reject(error);
      // Subscribers hear that the reply ended, and why (an unexpected failure as the provider's).
      const { code, detail } = turnErrorOf(error);
      const failure =
        code === 'failed'
          ? { message: providerFailures.failed.message, errorType: providerFailures.failed.code }
          : { message: detail, errorType: code };
      publishEvent(target, { errors: [failure] });
    });
  });
}
