import type { Envelope } from '@kismat/contracts/envelope';
import type { ErrorCode } from '@kismat/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { messageFor } from './messages';

/** The success envelope in the request's language. */
export function ok<T>(request: FastifyRequest, value: T): Envelope<T> {
  return { success: true, code: 'OK', message: messageFor('OK', request.language), value };
}

export function failure(request: FastifyRequest, code: ErrorCode, value: unknown = null, message?: string): Envelope<unknown> {
  return { success: false, code, message: message ?? messageFor(code, request.language), value };
}
