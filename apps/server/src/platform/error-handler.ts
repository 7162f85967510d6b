import type { ErrorCode } from '@kismat/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isRefusedInputValue } from './database-errors';
import { failure } from './envelope';
import { isAppError } from './errors';

/** Maps framework errors to catalogue codes; anything unknown is a 500 that hides internals. */
function classify(error: FastifyError): { code: ErrorCode; status: number } {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { code: 'MALFORMED_JSON', status: 400 };
  }
  if (error instanceof SyntaxError && status === 400) return { code: 'MALFORMED_JSON', status: 400 };
  if (status === 413) return { code: 'PAYLOAD_TOO_LARGE', status };
  if (status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', status };
  if (status === 429) return { code: 'RATE_LIMITED', status };
  if (status === 404) return { code: 'NOT_FOUND', status };
  if (status >= 400 && status < 500) return { code: 'BAD_REQUEST', status };
  return { code: 'INTERNAL_ERROR', status: 500 };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.status).send(failure(request, error.code, error.value, error.userMessage));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply.status(422).send(failure(request, 'VALIDATION_FAILED', { fields }));
    }
    if (isDatabaseUnavailable(error)) {
      // Down, restarting, failing over or out of connections: a retry later works, so say so
      // (issue 11, findings 2 and 20); a 500 would tell the client it is our bug and final.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(failure(request, 'SERVICE_UNAVAILABLE', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }));
    }
    if (isRefusedInputValue(error)) {
      // A value Postgres cannot store (a NUL byte, a number beyond the column) that a schema let
      // through: the caller's input, not our failure. Logged so the schema gets the rule.
      request.log.warn({ err: error }, 'database refused an input value');
      return reply.status(422).send(failure(request, 'VALIDATION_FAILED', { fields: [] }));
    }
    const { code, status } = classify(error);
    if (status >= 500) {
      // Logged with the request id; the body never carries the stack or the driver's text.
      request.log.error({ err: error }, 'unhandled error');
    } else {
      request.log.info({ code: error.code, message: error.message }, 'request rejected');
    }
    return reply.status(status).send(failure(request, code));
  });
}
