import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Operator API guard. Compares digests in constant time so the token cannot be guessed byte
 * by byte from response timing; with no OPERATOR_TOKEN configured every call is refused.
 */
export function requireOperator(request: FastifyRequest): void {
  const configured = request.server.config.OPERATOR_TOKEN;
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!given) throw new AppError('AUTH_REQUIRED');
  if (!configured || !timingSafeEqual(digest(given), digest(configured))) throw new AppError('FORBIDDEN');
}
