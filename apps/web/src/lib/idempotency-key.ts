/**
 * A fresh key for one intended money operation. The form keeps it across retries of the same
 * submit and renews it after success, so a request repeated by a flaky network (or a second
 * tap) is applied once by the server, and the next operation is never mistaken for a replay.
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; a LAN test over plain http still gets a unique key.
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `web-${crypto.randomUUID()}`
    : `web-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
