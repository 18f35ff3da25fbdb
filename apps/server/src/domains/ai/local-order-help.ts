import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { ORDER_CODE_LENGTH, ORDER_TOOL_NAMES, orderNotPossibleReasons } from '@aisle/contracts/commerce';
import type { LocalAnswer } from './local-answer';
import { answerFromToolResults } from './local-tool-answer';
import {
  asWritten,
  CODE,
  codeIn,
  completeAddress,
  contactsIn,
  escapeRegExp,
  folded,
  HASH_ORDER,
  orderNumbersIn,
  parseAddress,
  type ShippingAddress,
  withoutContacts,
} from './order-details';
import {
  fill,
  type NotPossibleReason,
  ORDER_HELP_TEXTS,
  type OrderDetail,
  type OrderHelpTexts,
  type OrderIntent,
  type OrderState,
} from './order-help-texts';
import { AGAIN, CODE_WORD, orderIntentOf } from './order-intents';
import { detectLanguage, SHOPPER_LANGUAGES, type ShopperLanguage } from './shopper-language';

/*
 * The built-in order help (order_status, start_return, change_shipping_address,
 * resend_order_confirmation) as the built-in model runs it, without a language model: it tells an
 * order request in the shoppers' languages by groups of words (order-intents.ts), gathers the
 * order number, the e-mail or phone, the one-time code and the new address from the whole
 * conversation, newest first (order-details.ts), asks in the shopper's language for exactly what
 * is missing, calls the tool when nothing is, and tells the tool's outcome in the shopper's
 * language from what the tool returned and nothing else (order-help-texts.ts). A turn with no
 * order tool, or a message that is not about an order, is left to the rest of the model.
 */

/** What the local model does with this turn (local-model.ts's step). */
export type OrderHelpStep = { kind: 'text'; answer: LocalAnswer } | { kind: 'tool'; toolCallId: string; toolName: string; input: string };

const INTENT_OF_TOOL = new Map<string, OrderIntent>(
  (Object.entries(ORDER_TOOL_NAMES) as [OrderIntent, string][]).map(([intent, name]) => [name, intent]),
);

/** One of the built-in order tools. */
const isOrderTool = (name: string) => INTENT_OF_TOOL.has(name);

/** The turn's tools without the built-in order tools (the local model's own function matching never picks them). */
export const withoutOrderTools = (tools: readonly unknown[] | undefined) =>
  tools?.filter((tool) => !isOrderTool(String((tool as { name?: unknown }).name)));

// ── The conversation ────────────────────────────────────────────────────────────────────────────

const textOf = (message: LanguageModelV4Prompt[number]): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join(' ');

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An order tool's result as a record (`{ outcome, … }`), or null when it failed or says something else. */
function resultRecord(output: LanguageModelV4ToolResultOutput): Record<string, unknown> | null {
  let value: unknown = null;
  if (output.type === 'json') value = output.value;
  else if (output.type === 'text') {
    try {
      value = JSON.parse(output.value);
    } catch {
      value = null;
    }
  }
  return isRecord(value) && typeof value.outcome === 'string' ? value : null;
}

/** Each text of every language as a pattern anchored at its start, its `{name}` places matching anything. */
const templatePattern = (template: string) => new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '[\\s\\S]*?')}`, 'u');
const ALL_TEXTS = SHOPPER_LANGUAGES.map((lang) => ORDER_HELP_TEXTS[lang]);
const CODE_ASKS = ALL_TEXTS.flatMap((texts) => [texts.codeSent, texts.codeWrong]).map(templatePattern);
/** Replies that ask the shopper for details (an order number, an e-mail, a code). */
const ASKING_REPLIES = ALL_TEXTS.flatMap((texts) => [...Object.values(texts.intro), texts.notFound, texts.codeExpired]).map(
  templatePattern,
);
const ASKING_OUTCOMES = new Set(['not_found', 'code_sent', 'code_wrong', 'code_expired']);
/** Another model's words asking for the code (a thread a network model started): a code word and its length. */
const CODE_LENGTH = new RegExp(`(?<!\\d)${ORDER_CODE_LENGTH}(?!\\d)`);
const LOOSE_CODE_ASK = (text: string) => CODE_LENGTH.test(text) && CODE_WORD(folded(text));

/** One message of the shopper's, with what the assistant had just said. */
interface ShopperMessage {
  /** As written (full-width digits as ASCII): details are read from it. */
  raw: string;
  /** Folded for matching words. */
  text: string;
  /** The assistant's words or an order tool's outcome just before asked for the one-time code. */
  codeAsked: boolean;
  /** The assistant had just asked for order details. */
  detailsAsked: boolean;
}

/** The shopper's messages, newest first, each with what came just before it. */
function shopperMessagesOf(prompt: LanguageModelV4Prompt): ShopperMessage[] {
  const messages: ShopperMessage[] = [];
  let assistantText = '';
  let outcome: string | undefined;
  for (const message of prompt) {
    if (message.role === 'user') {
      const written = textOf(message).trim();
      const codeAsked =
        outcome === 'code_sent' ||
        outcome === 'code_wrong' ||
        CODE_ASKS.some((pattern) => pattern.test(assistantText)) ||
        LOOSE_CODE_ASK(assistantText);
      messages.push({
        raw: asWritten(written),
        text: folded(written),
        codeAsked,
        detailsAsked:
          codeAsked ||
          (outcome !== undefined && ASKING_OUTCOMES.has(outcome)) ||
          ASKING_REPLIES.some((pattern) => pattern.test(assistantText)),
      });
      assistantText = '';
      outcome = undefined;
    } else if (message.role === 'assistant') {
      const text = textOf(message).trim();
      if (text) assistantText = text;
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result' || !isOrderTool(part.toolName)) continue;
        const record = resultRecord(part.output);
        if (record) outcome = record.outcome as string;
      }
    }
  }
  return messages.reverse();
}

/** A message's language with its e-mail addresses, numbers and links left out ("1001 ann@example.com" says none). */
function languageOf(text: string): ShopperLanguage | null {
  const rest = withoutContacts(text)
    .replace(HASH_ORDER, ' ')
    .replace(/[\p{N}#@]+/gu, ' ')
    .trim();
  return rest ? detectLanguage(rest) : null;
}

/**
 * The language to answer in: the newest message's that says one (an e-mail address or an order
 * number alone says none). Kanji alone (an address, "注文番号1001") reads as Chinese, but after
 * Japanese it is Japanese.
 */
function shopperLanguage(messages: ShopperMessage[]): ShopperLanguage {
  let lang: ShopperLanguage | null = null;
  for (const message of messages.toReversed()) {
    const said = languageOf(message.raw);
    if (said && !(lang === 'ja' && (said === 'zh-Hant' || said === 'zh-Hans'))) lang = said;
  }
  return lang ?? 'en';
}

/** How many of the shopper's earlier messages an unfinished order request is looked for in. */
const REQUEST_WINDOW = 6;
/** Without the assistant asking, an e-mail or an order number alone continues a request this recent. */
const DETAILS_WINDOW = 3;

interface OrderRequest {
  intent: OrderIntent;
  orderNumber?: string;
  contact?: string;
  code?: string;
  address?: Partial<ShippingAddress> | null;
}

/** The newest message of these (newest first) asking for an order action, and where it is. */
function newestRequest(messages: ShopperMessage[]): { intent: OrderIntent; index: number } | null {
  for (const [index, message] of messages.entries()) {
    const intent = orderIntentOf(message.raw);
    if (intent) return { intent, index };
  }
  return null;
}

/** The request the conversation is making now and what it has given for it, or null when this message is not about an order. */
function requestOf(messages: ShopperMessage[]): OrderRequest | null {
  const [current, ...earlier] = messages;
  if (!current) return null;
  let found = newestRequest([current]);
  // "I didn't get the code": the request again, for a new code.
  let newCode = false;
  if (!found) {
    const before = newestRequest(earlier.slice(0, REQUEST_WINDOW));
    if (!before) return null;
    newCode = current.codeAsked && CODE_WORD(current.text) && AGAIN(current.text);
    const givesNamed = contactsIn(current.raw).length > 0 || orderNumbersIn(current.raw, false).length > 0;
    const givesAny =
      givesNamed ||
      (current.codeAsked && codeIn(current.raw) !== undefined) ||
      orderNumbersIn(current.raw, true).length > 0 ||
      (before.intent === 'addressChange' && parseAddress(current.raw) !== null);
    // Details answer the assistant's question; an e-mail or a named order number continues a recent request.
    const continues = newCode || (current.detailsAsked && givesAny) || (givesNamed && before.index < DETAILS_WINDOW);
    if (!continues) return null;
    found = { intent: before.intent, index: before.index + 1 };
  }

  const request: OrderRequest = { intent: found.intent };
  for (const message of messages) {
    // A code given for an earlier step is not an order number, nor is a postcode.
    const text = message.codeAsked ? message.raw.replace(CODE, ' ') : message.raw;
    const addressLike = found.intent === 'addressChange' && parseAddress(text) !== null;
    request.orderNumber ??= orderNumbersIn(text, !addressLike)[0];
    request.contact ??= contactsIn(text)[0];
  }
  if (current.codeAsked && !newCode) request.code = codeIn(current.raw);
  if (found.intent === 'addressChange') {
    // The newest address given since the request.
    for (const message of messages.slice(0, found.index + 1)) {
      const address = parseAddress(message.codeAsked ? message.raw.replace(CODE, ' ') : message.raw);
      if (address) {
        request.address = address;
        break;
      }
    }
  }
  return request;
}

// ── What the shopper is told ────────────────────────────────────────────────────────────────────

function listOf(items: string[], texts: OrderHelpTexts): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(texts.listSeparator)}${texts.lastSeparator}${items.at(-1)}`;
}

function askText(intent: OrderIntent, missing: OrderDetail[], lang: ShopperLanguage): string {
  const texts = ORDER_HELP_TEXTS[lang];
  const need = listOf(
    missing.map((detail) => texts.need[detail]),
    texts,
  );
  return `${texts.intro[intent]}${texts.space}${fill(texts.askFor, { need })}`;
}

const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** An order's state for the shopper, from what the tool returned. */
function stateOf(order: Record<string, unknown>): OrderState {
  const fulfillment = stringOf(order.fulfillmentStatus)?.toUpperCase();
  const tracking = Array.isArray(order.tracking) ? order.tracking.filter(isRecord) : [];
  const statuses = new Set(tracking.map((entry) => stringOf(entry.status)?.toUpperCase()));
  if (order.cancelled === true) return 'cancelled';
  if (fulfillment === 'PARTIALLY_FULFILLED') return 'partlyShipped';
  if (statuses.has('DELIVERED') || statuses.has('PICKED_UP')) return 'delivered';
  if (statuses.has('OUT_FOR_DELIVERY')) return 'outForDelivery';
  if (statuses.has('IN_TRANSIT') || statuses.has('ATTEMPTED_DELIVERY')) return 'inTransit';
  if (fulfillment === 'FULFILLED' || tracking.length) return 'shipped';
  return 'preparing';
}

/** Items shown at most. */
const MAX_ITEMS = 10;

function statusText(order: Record<string, unknown>, texts: OrderHelpTexts): string {
  const name = stringOf(order.name) ?? '';
  const lines = [fill(texts.state[stateOf(order)], { order: name })];
  const items = (Array.isArray(order.items) ? order.items.filter(isRecord) : [])
    .flatMap((item) => {
      const title = stringOf(item.title);
      if (!title) return [];
      return [typeof item.quantity === 'number' ? fill(texts.itemQuantity, { title, quantity: item.quantity }) : title];
    })
    .slice(0, MAX_ITEMS);
  if (items.length) lines.push(fill(texts.items, { items: items.join(texts.itemSeparator) }));
  for (const entry of Array.isArray(order.tracking) ? order.tracking.filter(isRecord) : []) {
    const company = stringOf(entry.company);
    const number = stringOf(entry.number);
    const url = stringOf(entry.url);
    if (company && number) lines.push(fill(texts.trackingCompanyNumber, { company, number }));
    else if (number) lines.push(fill(texts.trackingNumber, { number }));
    else if (company) lines.push(fill(texts.trackingCompany, { company }));
    if (url) lines.push(fill(texts.trackingLink, { url }));
  }
  return lines.join('\n');
}

const NOT_POSSIBLE_REASONS = new Set<string>(orderNotPossibleReasons);

/** What the shopper is told after an order tool answered: its outcome, in their language, from the tool's own fields only. */
export function orderResultText(output: LanguageModelV4ToolResultOutput, lang: ShopperLanguage): string {
  const texts = ORDER_HELP_TEXTS[lang];
  const result = resultRecord(output);
  if (!result) return texts.unavailable;
  const order = isRecord(result.order) ? result.order : {};
  const orderName = stringOf(order.name) ?? '';
  switch (result.outcome) {
    case 'not_found':
      return texts.notFound;
    case 'status':
      return statusText(order, texts);
    case 'code_sent':
      return fill(texts.codeSent, { sentTo: stringOf(result.sentTo) ?? '' }).replace(/\s{2,}/g, ' ');
    case 'code_wrong':
      return typeof result.triesLeft === 'number' ? fill(texts.codeWrong, { triesLeft: result.triesLeft }) : texts.codeExpired;
    case 'code_expired':
      return texts.codeExpired;
    case 'too_many_tries':
      return texts.tooManyTries;
    case 'done':
      if (result.action === 'return') {
        const returnName = stringOf(result.returnName);
        return returnName ? fill(texts.doneReturnNamed, { order: orderName, returnName }) : fill(texts.doneReturn, { order: orderName });
      }
      if (result.action === 'address') return fill(texts.doneAddress, { order: orderName });
      if (result.action === 'confirmation') return fill(texts.doneConfirmation, { order: orderName });
      return texts.unavailable;
    case 'not_possible':
      return typeof result.reason === 'string' && NOT_POSSIBLE_REASONS.has(result.reason)
        ? texts.notPossible[result.reason as NotPossibleReason]
        : texts.unavailable;
    case 'rate_limited': {
      const minutes = typeof result.retryAfterMinutes === 'number' ? Math.max(1, Math.ceil(result.retryAfterMinutes)) : undefined;
      if (minutes === undefined) return texts.rateLimitedLater;
      return fill(texts.rateLimited, { minutes: minutes === 1 ? texts.oneMinute : fill(texts.minutes, { n: minutes }) });
    }
    default:
      return texts.unavailable;
  }
}

// ── The step ────────────────────────────────────────────────────────────────────────────────────

/** The order tools this turn offers, by name (the owner may have turned some off). */
function offeredOrderTools(tools: readonly unknown[] | undefined): Set<string> {
  return new Set(
    (tools ?? []).flatMap((tool) => {
      const { type, name } = tool as { type?: string; name?: string };
      return type === 'function' && typeof name === 'string' && isOrderTool(name) ? [name] : [];
    }),
  );
}

/**
 * What the built-in model does in an order conversation: tells the outcome of the order tools it
 * just called; calls the tool when the conversation gives all it needs; asks for what is missing.
 * Null when the turn offers no order tool or the message is not about an order: the rest of the
 * local model answers as it always has.
 */
export function orderHelpStep(prompt: LanguageModelV4Prompt, tools: readonly unknown[] | undefined): OrderHelpStep | null {
  const last = prompt.at(-1);
  if (last?.role === 'tool') {
    const results = last.content.flatMap((part) => (part.type === 'tool-result' ? [part] : []));
    if (!results.some((part) => isOrderTool(part.toolName))) return null;
    const messages = shopperMessagesOf(prompt);
    const lang = shopperLanguage(messages);
    const text = results
      .map((part) =>
        isOrderTool(part.toolName)
          ? orderResultText(part.output, lang)
          : answerFromToolResults([{ toolName: part.toolName, output: part.output }], messages[0]?.raw ?? ''),
      )
      .join('\n\n');
    return { kind: 'text', answer: { outcome: 'tool', text } };
  }

  // No order tool this turn (no Shopify store, or every action off): nothing read, nothing changed.
  const offered = offeredOrderTools(tools);
  if (!offered.size) return null;
  const messages = shopperMessagesOf(prompt);
  const request = requestOf(messages);
  if (!request) return null;
  const toolName = ORDER_TOOL_NAMES[request.intent];
  // An action the owner turned off: the shop's knowledge and its people answer instead.
  if (!offered.has(toolName)) return null;

  const missing: OrderDetail[] = [];
  if (!request.orderNumber) missing.push('orderNumber');
  if (!request.contact) missing.push('contact');
  if (request.intent === 'addressChange' && !completeAddress(request.address ?? null)) missing.push('address');
  if (missing.length) {
    return { kind: 'text', answer: { outcome: 'ask', text: askText(request.intent, missing, shopperLanguage(messages)) } };
  }

  const input: Record<string, unknown> = { orderNumber: request.orderNumber, contact: request.contact };
  if (request.intent !== 'status' && request.code) input.code = request.code;
  if (request.intent === 'addressChange') input.address = request.address;
  return { kind: 'tool', toolCallId: `local-${crypto.randomUUID()}`, toolName, input: JSON.stringify(input) };
}
