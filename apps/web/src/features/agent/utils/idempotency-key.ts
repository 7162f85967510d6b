/** A fresh key for one money request: a retry of the same attempt reuses it, so the server applies it once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `agent-${crypto.randomUUID()}`
    : `agent-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
