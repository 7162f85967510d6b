/*
 * Small adapters between the two drivers. node-postgres returns int8 as a string, PGlite as a
 * bigint; raw results come back as `{ rows }` from both.
 */

export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('Unexpected query result shape');
}

export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' || typeof value === 'number') return BigInt(value);
  if (value === null || value === undefined) return 0n;
  throw new Error(`Not an integer: ${typeof value}`);
}

export function toNumber(value: unknown): number {
  const result = Number(toBigInt(value));
  if (!Number.isSafeInteger(result)) throw new Error('Integer out of safe range');
  return result;
}
