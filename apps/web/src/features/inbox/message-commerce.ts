import { toolCallSchema } from '@aisle/contracts/chat';
import { ORDER_TOOL_NAMES, type OrderToolOutcome, orderToolOutcomes, type ProductCard, productCardSchema } from '@aisle/contracts/commerce';

/*
 * What a reply did for the shop, from its `llmUsage` (AWSJSON: an object or its JSON text): the
 * products it showed the shopper as cards, and the built-in order help it ran (looked an order up,
 * sent a code, started a return…). Anything malformed is simply left out.
 */

const usageOf = (llmUsage: unknown): Record<string, unknown> | null => {
  let usage = llmUsage;
  if (typeof usage === 'string') {
    try {
      usage = JSON.parse(usage);
    } catch {
      return null;
    }
  }
  return usage && typeof usage === 'object' ? (usage as Record<string, unknown>) : null;
};

/** The products the shopper saw under this reply, as cards. */
export function productsOf(llmUsage: unknown): ProductCard[] {
  const list = usageOf(llmUsage)?.products;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = productCardSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export type OrderToolName = (typeof ORDER_TOOL_NAMES)[keyof typeof ORDER_TOOL_NAMES];
const orderTools = new Set<string>(Object.values(ORDER_TOOL_NAMES));

/**
 * One call of a built-in order tool as the owner sees it: which tool, how it ended, and the few
 * facts the line names (the order, where a code went, why an action was not possible). Never the
 * code the shopper typed, the address or the contact they gave.
 */
export interface OrderAction {
  id: string;
  tool: OrderToolName;
  /** `running` before the result; `failed` when the tool itself failed; else the tool's outcome. */
  outcome: OrderToolOutcome | 'running' | 'failed' | 'unknown';
  /** "#1001": the order found, else the number the shopper gave. */
  order: string | null;
  /** Where the code went, masked by the server (j•••@example.com). */
  sentTo: string | null;
  /** What `done` did. */
  action: 'return' | 'address' | 'confirmation' | null;
  /** Why `not_possible`. */
  reason: string | null;
}

const knownOutcomes = new Set<string>(orderToolOutcomes);

const objectOf = (value: unknown): Record<string, unknown> => {
  let parsed = value;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return {};
    }
  }
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
};
const text = (value: unknown, max = 60) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** "1001", "#1001" → "#1001": the order as Shopify names it. */
const orderName = (value: unknown) => {
  const name = text(value, 40);
  return name && /^\d+$/.test(name) ? `#${name}` : name;
};

/** The built-in order tools this reply called, in order, each with its outcome. */
export function orderActionsOf(llmUsage: unknown): OrderAction[] {
  const calls = usageOf(llmUsage)?.toolCalls;
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((item): OrderAction[] => {
    const parsed = toolCallSchema.safeParse(item);
    if (!parsed.success || !orderTools.has(parsed.data.name)) return [];
    const call = parsed.data;
    const input = objectOf(call.input);
    const output = objectOf(call.output);
    const order = objectOf(output.order);
    const outcome =
      call.ok === undefined
        ? 'running'
        : call.ok === false
          ? 'failed'
          : typeof output.outcome === 'string' && knownOutcomes.has(output.outcome)
            ? (output.outcome as OrderToolOutcome)
            : 'unknown';
    const action = output.action === 'return' || output.action === 'address' || output.action === 'confirmation' ? output.action : null;
    return [
      {
        id: call.toolCallId,
        tool: call.name as OrderToolName,
        outcome,
        order: orderName(order.name) ?? orderName(input.orderNumber),
        sentTo: outcome === 'code_sent' ? text(output.sentTo, 120) : null,
        action,
        reason: outcome === 'not_possible' ? text(output.reason) : null,
      },
    ];
  });
}
