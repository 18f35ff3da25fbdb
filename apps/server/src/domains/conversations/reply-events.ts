import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ContentBlock, ToolUseBlock } from '../../db/schema/conversations';
import type { TurnAnswer, TurnContext, TurnEvent } from '../turns';

/** The event-bus model a reply's stream events travel on (owner-scoped, never stored). */
export const STREAM_EVENT_MODEL = 'ConversationStreamEvent';

/** Where a reply goes: the conversation, its owner, and the user message it answers. */
export interface ReplyTarget {
  ctx: TurnContext;
  logger: Logger;
  ownerEmail: string;
  conversationId: string;
  userMessageId: string;
}

export function publishEvent(target: ReplyTarget, event: Record<string, unknown>) {
  target.ctx.events.publish({
    model: STREAM_EVENT_MODEL,
    kind: 'create',
    ownerEmail: target.ownerEmail,
    item: { id: randomUUID(), conversationId: target.conversationId, associatedUserMessageId: target.userMessageId, ...event },
  });
}

/**
 * A reply's content blocks as they stream, each published at its index the way the Amplify AI
 * kit does: text as deltas closed by `contentBlockDoneAtIndex` (the index of the block's last
 * delta), a tool use whole in one `contentBlockToolUse` event. The blocks are what gets stored.
 */
export function replyBlocks(target: ReplyTarget) {
  const blocks: ContentBlock[] = [];
  let open: { index: number; block: { text: string }; deltas: number } | null = null;

  const endText = () => {
    if (!open) return;
    publishEvent(target, { contentBlockIndex: open.index, contentBlockDoneAtIndex: open.deltas - 1 });
    open = null;
  };

  return {
    blocks,
    addText(delta: string) {
      if (!delta) return;
      if (!open) {
        open = { index: blocks.length, block: { text: '' }, deltas: 0 };
        blocks.push(open.block);
      }
      open.block.text += delta;
      publishEvent(target, { contentBlockIndex: open.index, contentBlockDeltaIndex: open.deltas, contentBlockText: delta });
      open.deltas += 1;
    },
    endText,
    addToolUse(toolUse: ToolUseBlock) {
      endText();
      blocks.push({ toolUse });
      publishEvent(target, { contentBlockIndex: blocks.length - 1, contentBlockToolUse: toolUse });
    },
    /** The last event: why the reply stopped, at the last block's index (Amplify sends it there). */
    stop(stopReason: string) {
      endText();
      publishEvent(target, { contentBlockIndex: Math.max(0, blocks.length - 1), stopReason });
    },
    get text() {
      return blocks.flatMap((block) => ('text' in block ? [block.text] : [])).join('');
    },
    get toolUses() {
      return blocks.flatMap((block) => ('toolUse' in block ? [block.toolUse] : []));
    },
  };
}

/**
 * The turn's events as the reply's content blocks (the conversation API's wire): text deltas and
 * step ends, client tool uses, and the stop reason once the reply is stored.
 */
export function blocksOf(blocks: ReturnType<typeof replyBlocks>, stopReasonOf: (answer: TurnAnswer) => string) {
  return (event: TurnEvent | { type: 'question' } | { type: 'stored'; answer: TurnAnswer }) => {
    if (event.type === 'text-delta') blocks.addText(event.text);
    else if (event.type === 'text-end') blocks.endText();
    else if (event.type === 'client-tool-call') blocks.addToolUse(event.toolUse as ToolUseBlock);
    else if (event.type === 'stored') blocks.stop(stopReasonOf(event.answer));
  };
}
