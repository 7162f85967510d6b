import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

const KEY_PATTERN = /^[A-Za-z0-9_:-]{8,100}$/;

/**
 * The client's key of a claim: the Idempotency-Key header or the body's idempotencyKey (a double
 * click sends the same one and gets the first answer). Without one, a fresh key: the per-member
 * lock and the claimed rows still make a second click pay nothing.
 */
export function claimKeyOf(request: FastifyRequest, fromBody: string | undefined): string {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  if (key === undefined) return `auto-${randomUUID()}`;
  if (!KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'idempotencyKey', reason: 'format' }] } });
  if (fromBody && header && fromBody !== key) throw new AppError('IDEMPOTENCY_CONFLICT');
  return key;
}
