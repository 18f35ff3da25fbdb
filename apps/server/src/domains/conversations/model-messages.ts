import type { AssistantContent, JSONValue, ModelMessage, ToolResultPart, UserContent } from 'ai';
import type { ContentBlock, DocumentBlock, ImageBlock, ToolResultBlock } from '../../db/schema/conversations';

/** What the model reads for a tool use the app never answered (the user wrote on instead). */
export const NO_TOOL_RESULT = 'The app gave no result for this tool call.';

interface StoredMessage {
  role: string;
  content: unknown;
}

type UserPart = Exclude<UserContent, string>[number];

const blocksOf = (message: StoredMessage): ContentBlock[] =>
  Array.isArray(message.content)
    ? (message.content as unknown[]).filter((block): block is ContentBlock => typeof block === 'object' && block !== null)
    : [];

const fenced = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

const imagePart = (image: ImageBlock) => ({
  type: 'file' as const,
  mediaType: `image/${image.format}`,
  data: { type: 'data' as const, data: image.source.bytes },
});

/** PDF goes as a file; text formats are read to the model as text (providers take only PDF files). */
function documentPart(document: DocumentBlock): UserPart {
  if (document.format === 'pdf') {
    return { type: 'file', mediaType: 'application/pdf', filename: document.name, data: { type: 'data', data: document.source.bytes } };
  }
  const text = Buffer.from(document.source.bytes, 'base64').toString('utf8');
  return { type: 'text', text: `Document "${document.name}":\n\`\`\`${document.format}\n${text}\n\`\`\`` };
}

function userParts(blocks: ContentBlock[]): Exclude<UserContent, string> {
  return blocks.flatMap((block): Exclude<UserContent, string> => {
    if ('text' in block) return [{ type: 'text', text: block.text }];
    if ('image' in block) return [imagePart(block.image)];
    if ('document' in block) return [documentPart(block.document)];
    if ('json' in block) return [{ type: 'text', text: fenced(block.json) }];
    return [];
  });
}

function assistantParts(blocks: ContentBlock[]): Exclude<AssistantContent, string> {
  return blocks.flatMap((block): Exclude<AssistantContent, string> => {
    if ('text' in block) return [{ type: 'text', text: block.text }];
    if ('json' in block) return [{ type: 'text', text: fenced(block.json) }];
    if ('toolUse' in block) {
      const { toolUseId, name, input } = block.toolUse;
      return [{ type: 'tool-call', toolCallId: toolUseId, toolName: name, input }];
    }
    return [];
  });
}

/** A tool result as the AI SDK's output: plain text or JSON when it is only that, else mixed content. */
function outputOf(result: ToolResultBlock): ToolResultPart['output'] {
  const failed = result.status === 'error';
  const [only] = result.content;
  if (result.content.length === 1 && only && 'json' in only) return { type: failed ? 'error-json' : 'json', value: only.json as JSONValue };
  const texts = result.content.map((part) => ('text' in part ? part.text : 'json' in part ? fenced(part.json) : '[image]'));
  if (failed || !result.content.some((part) => 'image' in part)) return { type: failed ? 'error-text' : 'text', value: texts.join('\n') };
  return {
    type: 'content',
    value: result.content.map((part) =>
      'image' in part ? imagePart(part.image) : { type: 'text' as const, text: 'text' in part ? part.text : fenced(part.json) },
    ),
  };
}

/**
 * A conversation's stored messages (oldest first, the message being answered last) as the model
 * reads them: text, images, documents and json blocks as user content; an assistant's tool uses
 * as tool calls; tool results as `tool` messages right after the calls they answer. Providers
 * refuse a call without its result and a result without its call, so a call the app never
 * answered gets an error result, and results whose call is gone are left out.
 */
export function toModelMessages(messages: StoredMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  let waiting = new Map<string, string>();
  const answer = (results: ToolResultPart[]) => {
    const answered = new Set(results.map((result) => result.toolCallId));
    for (const [toolCallId, toolName] of waiting) {
      if (!answered.has(toolCallId))
        results.push({ type: 'tool-result', toolCallId, toolName, output: { type: 'error-text', value: NO_TOOL_RESULT } });
    }
    if (results.length) out.push({ role: 'tool', content: results });
    waiting = new Map();
  };

  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === 'assistant') {
      answer([]);
      const parts = assistantParts(blocks);
      if (parts.length) out.push({ role: 'assistant', content: parts });
      for (const part of parts) if (part.type === 'tool-call') waiting.set(part.toolCallId, part.toolName);
      continue;
    }
    const results = blocks.flatMap((block): ToolResultPart[] => {
      if (!('toolResult' in block)) return [];
      const toolName = waiting.get(block.toolResult.toolUseId);
      return toolName
        ? [{ type: 'tool-result', toolCallId: block.toolResult.toolUseId, toolName, output: outputOf(block.toolResult) }]
        : [];
    });
    answer(results);
    const parts = userParts(blocks);
    if (parts.length) out.push({ role: 'user', content: parts });
  }
  answer([]);
  // The history window may start inside an exchange; the model reads from the first user message.
  const first = out.findIndex((message) => message.role === 'user');
  return first === -1 ? [] : out.slice(first);
}

/** The text a message's own words hold, for the safeguard and store search. */
export function textOf(content: unknown): string {
  return blocksOf({ role: 'user', content })
    .flatMap((block) => ('text' in block && typeof block.text === 'string' ? [block.text] : []))
    .join('\n');
}
