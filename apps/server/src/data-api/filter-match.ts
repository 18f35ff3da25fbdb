/**
 * Evaluates a subscription filter (`ModelSubscriptionXFilterInput`) against an item in its API
 * shape. Same operators as the SQL filter, plus `in` / `notIn`; dates compare as ISO strings.
 */
export type SubscriptionFilter = { and?: SubscriptionFilter[] | null; or?: SubscriptionFilter[] | null } & Record<string, unknown>;

export function matchesFilter(item: Record<string, unknown>, filter: SubscriptionFilter | null | undefined): boolean {
  if (!filter) return true;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and') {
      if (!(value as SubscriptionFilter[]).every((f) => matchesFilter(item, f))) return false;
    } else if (key === 'or') {
      const list = value as SubscriptionFilter[];
      if (list.length && !list.some((f) => matchesFilter(item, f))) return false;
    } else {
      for (const [op, operand] of Object.entries(value as Record<string, unknown>)) {
        if (operand !== undefined && !test(item[key], op, operand)) return false;
      }
    }
  }
  return true;
}

function comparable(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

function test(raw: unknown, op: string, operand: unknown): boolean {
  const value = comparable(raw);
  const other = comparable(operand);
  switch (op) {
    case 'eq':
      return value === other;
    case 'ne':
      return value !== other;
    case 'gt':
      return value !== null && other !== null && value > other;
    case 'ge':
      return value !== null && other !== null && value >= other;
    case 'lt':
      return value !== null && other !== null && value < other;
    case 'le':
      return value !== null && other !== null && value <= other;
    case 'between': {
      const [low, high] = (operand as unknown[]).map(comparable);
      return value !== null && low != null && high != null && value >= low && value <= high;
    }
    case 'beginsWith':
      return typeof value === 'string' && value.startsWith(String(operand));
    case 'contains':
      return Array.isArray(raw) ? raw.includes(operand) : typeof value === 'string' && value.includes(String(operand));
    case 'notContains':
      return !(Array.isArray(raw) ? raw.includes(operand) : typeof value === 'string' && value.includes(String(operand)));
    case 'in':
      return (operand as unknown[]).map(comparable).includes(value);
    case 'notIn':
      return !(operand as unknown[]).map(comparable).includes(value);
    case 'attributeExists':
      return operand ? value !== null : value === null;
    default:
      return false;
  }
}
