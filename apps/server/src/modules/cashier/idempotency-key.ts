import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@kismat/contracts/cashier';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

const KEY_PATTERN = /^[A-Za-z0-9_:-]{8,100}$/;

/**
 * The client's idempotency key of a money call: the `Idempotency-Key` header or the body's
 * `idempotencyKey`. Required, so a retried request (lost response, double tap) applies once.
 */
export function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'idempotencyKey', reason: 'required' }] } });
  }
  if (fromBody && header && fromBody !== key) throw new AppError('IDEMPOTENCY_CONFLICT');
  return key;
}

/** A stable digest of what a request asked for: the same key with different content is refused. */
export function requestHashOf(parts: Record<string, string | number | bigint | null>): string {
  const text = JSON.stringify(Object.entries(parts).map(([name, value]) => [name, typeof value === 'bigint' ? value.toString() : value]));
  return createHash('sha256').update(text).digest('hex');
}

/** The row already stored under a key, to answer a retry with; the same key with other content is IDEMPOTENCY_CONFLICT. */
export function replayOf<Row extends { requestHash: string }>(existing: Row, requestHash: string): Row {
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return existing;
}
