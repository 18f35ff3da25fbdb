import { CHAT_MESSAGE_MAX_LENGTH } from '@aisle/contracts/chat';
import type {
  ContentBlock,
  DocumentBlock,
  DocumentFormat,
  ImageBlock,
  ImageFormat,
  ToolResultBlock,
  ToolResultContent,
} from '../../db/schema/conversations';
import { AppError } from '../../lib/app-error';

/** Blocks in one sent message (the Amplify AI kit's limit, from Bedrock's Converse API). */
export const MAX_CONTENT_BLOCKS = 20;
/** Decoded bytes of one image: 3.75 MB, Bedrock's per-image limit. */
export const IMAGE_MAX_BYTES = 3.75 * 1024 * 1024;
/** Decoded bytes of one document: 4.5 MB, Bedrock's per-document limit. */
export const DOCUMENT_MAX_BYTES = 4.5 * 1024 * 1024;
/** A json block or one tool result part, serialised: enough for a page of products, bounded in cost. */
export const JSON_BLOCK_MAX_CHARS = 100_000;
/** The app's context, serialised. */
export const AI_CONTEXT_MAX_BYTES = 16 * 1024;
/** Client tools in one message: OpenAI's limit on tools per request. */
export const MAX_CLIENT_TOOLS = 128;

export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif', 'webp'];
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'csv', 'html', 'txt', 'md'];
/** The tool names every provider accepts. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BLOCK_KINDS = ['text', 'image', 'document', 'toolUse', 'toolResult', 'json'] as const;
const RESULT_KINDS = ['text', 'json', 'image'] as const;

/** A block or tool as GraphQL hands it over: typed fields, any of them possibly null. */
type Input = Record<string, unknown>;

/** A tool the app runs itself (spec §7 sendMessage toolConfiguration). */
export interface ClientTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export interface MessageInput {
  content: ContentBlock[];
  aiContext: Record<string, unknown> | null;
  tools: ClientTool[];
}

type Problems = Record<string, string[]>;
const add = (problems: Problems, path: string, message: string) => {
  problems[path] ??= [];
  problems[path].push(`${path}: ${message}`);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const kindsOf = (input: Input, kinds: readonly string[]) => kinds.filter((kind) => input[kind] != null);

/** Decoded size of valid base64, or null when it is not base64. */
function base64Size(bytes: unknown): number | null {
  if (typeof bytes !== 'string' || bytes.length % 4 !== 0 || !BASE64.test(bytes)) return null;
  return (bytes.length / 4) * 3 - (bytes.endsWith('==') ? 2 : bytes.endsWith('=') ? 1 : 0);
}

function checkBytes(problems: Problems, path: string, bytes: unknown, maxBytes: number) {
  const size = base64Size(bytes);
  if (size === null || size === 0) add(problems, `${path}.source.bytes`, 'must be the non-empty base64 of the bytes.');
  else if (size > maxBytes) add(problems, `${path}.source.bytes`, `must decode to at most ${maxBytes} bytes (got ${size}).`);
}

function checkImage(problems: Problems, path: string, image: Input): ImageBlock {
  if (!IMAGE_FORMATS.includes(image.format as ImageFormat)) add(problems, `${path}.format`, `must be one of ${IMAGE_FORMATS.join(', ')}.`);
  const source = (image.source ?? {}) as Input;
  checkBytes(problems, path, source.bytes, IMAGE_MAX_BYTES);
  return { format: image.format as ImageFormat, source: { bytes: source.bytes as string } };
}

function checkDocument(problems: Problems, path: string, document: Input): DocumentBlock {
  if (!DOCUMENT_FORMATS.includes(document.format as DocumentFormat))
    add(problems, `${path}.format`, `must be one of ${DOCUMENT_FORMATS.join(', ')}.`);
  const name = typeof document.name === 'string' ? document.name.trim() : '';
  if (!name || name.length > 200) add(problems, `${path}.name`, 'must be 1 to 200 characters.');
  const source = (document.source ?? {}) as Input;
  checkBytes(problems, path, source.bytes, DOCUMENT_MAX_BYTES);
  return { format: document.format as DocumentFormat, name, source: { bytes: source.bytes as string } };
}

function checkJson(problems: Problems, path: string, value: unknown) {
  if (JSON.stringify(value).length > JSON_BLOCK_MAX_CHARS)
    add(problems, path, `must be at most ${JSON_BLOCK_MAX_CHARS} characters as JSON.`);
}

function checkToolResult(problems: Problems, path: string, result: Input): ToolResultBlock {
  const toolUseId = typeof result.toolUseId === 'string' ? result.toolUseId : '';
  if (!toolUseId.trim()) add(problems, `${path}.toolUseId`, 'must name the tool use this result answers.');
  if (result.status != null && result.status !== 'success' && result.status !== 'error')
    add(problems, `${path}.status`, 'must be success or error.');
  const parts = Array.isArray(result.content) ? (result.content as Input[]) : [];
  if (!parts.length) add(problems, `${path}.content`, 'must hold at least one text, json or image.');
  const content = parts.map((part, index): ToolResultContent => {
    const at = `${path}.content[${index}]`;
    const kinds = kindsOf(part, RESULT_KINDS);
    if (kinds.length !== 1) {
      add(problems, at, 'set exactly one of text, json or image.');
      return { text: '' };
    }
    if (kinds[0] === 'image') return { image: checkImage(problems, `${at}.image`, part.image as Input) };
    if (kinds[0] === 'json') {
      checkJson(problems, `${at}.json`, part.json);
      return { json: part.json };
    }
    if (String(part.text).length > JSON_BLOCK_MAX_CHARS) add(problems, `${at}.text`, `must be at most ${JSON_BLOCK_MAX_CHARS} characters.`);
    return { text: String(part.text) };
  });
  return { toolUseId, ...(result.status != null ? { status: result.status as 'success' | 'error' } : {}), content };
}

function checkBlock(problems: Problems, path: string, block: Input): ContentBlock | null {
  const kinds = kindsOf(block, BLOCK_KINDS);
  if (kinds.length !== 1) {
    add(problems, path, `set exactly one of ${BLOCK_KINDS.join(', ')} (got ${kinds.length ? kinds.join(' and ') : 'none'}).`);
    return null;
  }
  switch (kinds[0]) {
    case 'text': {
      const text = String(block.text);
      if (!text.trim() || text.length > CHAT_MESSAGE_MAX_LENGTH)
        add(problems, `${path}.text`, `must be 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters.`);
      return { text };
    }
    case 'image':
      return { image: checkImage(problems, `${path}.image`, block.image as Input) };
    case 'document':
      return { document: checkDocument(problems, `${path}.document`, block.document as Input) };
    case 'toolUse':
      add(problems, `${path}.toolUse`, 'a sent message cannot hold a tool use: tool uses come from the assistant.');
      return null;
    case 'toolResult':
      return { toolResult: checkToolResult(problems, `${path}.toolResult`, block.toolResult as Input) };
    default:
      checkJson(problems, `${path}.json`, block.json);
      return { json: block.json };
  }
}

function checkContent(problems: Problems, content: Input[]): ContentBlock[] {
  if (!content.length) add(problems, 'content', 'add at least one content block.');
  if (content.length > MAX_CONTENT_BLOCKS) add(problems, 'content', `must hold at most ${MAX_CONTENT_BLOCKS} blocks.`);
  const blocks = content.map((block, index) => checkBlock(problems, `content[${index}]`, block));
  const answered = new Set<string>();
  blocks.forEach((block, index) => {
    if (!block || !('toolResult' in block)) return;
    if (answered.has(block.toolResult.toolUseId))
      add(problems, `content[${index}].toolResult.toolUseId`, 'answers a tool use already answered in this message.');
    answered.add(block.toolResult.toolUseId);
  });
  return blocks.filter((block): block is ContentBlock => block !== null);
}

function checkTools(problems: Problems, configuration: Input | null | undefined, serverToolNames: ReadonlySet<string>): ClientTool[] {
  if (configuration == null) return [];
  const tools = Array.isArray(configuration.tools) ? (configuration.tools as Input[]) : [];
  if (tools.length > MAX_CLIENT_TOOLS) add(problems, 'toolConfiguration.tools', `must hold at most ${MAX_CLIENT_TOOLS} tools.`);
  const seen = new Set<string>();
  return tools.map((entry, index) => {
    const path = `toolConfiguration.tools[${index}].toolSpec`;
    const spec = (entry.toolSpec ?? {}) as Input;
    const name = typeof spec.name === 'string' ? spec.name : '';
    if (!TOOL_NAME.test(name)) add(problems, `${path}.name`, 'must be 1 to 64 letters, digits, _ or -.');
    else if (seen.has(name)) add(problems, `${path}.name`, `names a second tool "${name}": tool names are unique.`);
    else if (serverToolNames.has(name)) add(problems, `${path}.name`, `"${name}" is already a tool of the assistant.`);
    seen.add(name);
    const schema = ((spec.inputSchema ?? {}) as Input).json;
    if (!isObject(schema) || schema.type !== 'object') add(problems, `${path}.inputSchema.json`, 'must be a JSON schema of type "object".');
    else if (schema.properties !== undefined && !isObject(schema.properties))
      add(problems, `${path}.inputSchema.json`, 'must have its properties as an object.');
    const description = typeof spec.description === 'string' && spec.description.trim() ? spec.description.trim() : undefined;
    return { name, description, inputSchema: schema as Record<string, unknown> };
  });
}

function checkAiContext(problems: Problems, aiContext: unknown): Record<string, unknown> | null {
  if (aiContext == null) return null;
  if (!isObject(aiContext)) add(problems, 'aiContext', 'must be a JSON object.');
  else if (Buffer.byteLength(JSON.stringify(aiContext)) > AI_CONTEXT_MAX_BYTES)
    add(problems, 'aiContext', `must be at most ${AI_CONTEXT_MAX_BYTES} bytes as JSON.`);
  return aiContext as Record<string, unknown>;
}

/**
 * A sent message's content, app context and client tools, checked all at once: every problem is
 * reported (the first one is the error's message), and nothing is written when there is one.
 */
export function checkMessageInput(
  input: { content: Input[]; aiContext?: unknown; toolConfiguration?: Input | null },
  serverToolNames: ReadonlySet<string> = new Set(),
): MessageInput {
  const problems: Problems = {};
  const content = checkContent(problems, input.content);
  const aiContext = checkAiContext(problems, input.aiContext);
  const tools = checkTools(problems, input.toolConfiguration, serverToolNames);
  if (Object.keys(problems).length) throw AppError.fields(problems);
  return { content, aiContext, tools };
}

/**
 * Tool results answer the tool uses of the assistant's last message, the one the app was asked
 * to run tools for; any other id is a mistake the app should hear about.
 */
export function checkToolResults(content: ContentBlock[], lastMessage: { role: string; content: unknown } | undefined) {
  const waiting = new Set(
    lastMessage?.role === 'assistant' && Array.isArray(lastMessage.content)
      ? (lastMessage.content as ContentBlock[]).flatMap((block) => (isObject(block) && 'toolUse' in block ? [block.toolUse.toolUseId] : []))
      : [],
  );
  const problems: Problems = {};
  content.forEach((block, index) => {
    if ('toolResult' in block && !waiting.has(block.toolResult.toolUseId))
      add(
        problems,
        `content[${index}].toolResult.toolUseId`,
        `no tool use "${block.toolResult.toolUseId}" is waiting for a result in this conversation.`,
      );
  });
  if (Object.keys(problems).length) throw AppError.fields(problems);
}
