/** Micro-USD per USD: the ledger's unit (DESIGN "Money": integers, never binary floats). */
export const MICRO_PER_USD = 1_000_000;

/**
 * A USD amount as integer micro-USD. Costs are computed in micro-USD and shown divided by a
 * million, so rounding here only undoes that division exactly.
 */
export const toMicroUsd = (usd: number): number => Math.round(usd * MICRO_PER_USD);

/** Micro-USD as the USD number the API shows (`available_usd`). */
export const toUsd = (microUsd: number | string): number => Number(microUsd) / MICRO_PER_USD;
