/*
 * Driver errors that say something to the caller. Drizzle wraps every driver error
 * (DrizzleQueryError with `cause`), a failed rollback replaces the error that caused it, and
 * Node reports a refused connection to a dual-stack host as an AggregateError: look through all
 * of them.
 */

/** Seconds a client should wait before retrying a call that found the database unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * SQLSTATEs of a database that is down, restarting, failing over or full of connections; the
 * same call succeeds once it is back. 08xxx is the whole connection exception class.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout (the server ended a stalled transaction)
]);

const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// node-postgres and pg-pool report a lost or unobtainable connection with plain Errors.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** The driver errors inside `error`: itself, its causes and an AggregateError's members. */
function* causesOf(error: unknown): Generator<object> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 16; seen += 1) {
    const current = queue.shift();
    if (!current || typeof current !== 'object') continue;
    yield current;
    if ('cause' in current) queue.push(current.cause);
    if ('errors' in current && Array.isArray(current.errors)) queue.push(...current.errors);
  }
}

/** The SQLSTATE of a driver error, looking through the wrappers. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const current of causesOf(error)) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

/**
 * True when the database could not be reached or dropped the connection mid-call: the caller
 * should retry (a money call with the same idempotency key applies once), not be told of a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causesOf(error)) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))) return true;
    const message = 'message' in current && typeof current.message === 'string' ? current.message : '';
    if (UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
  }
  return false;
}

/**
 * True when Postgres refused a value the request carried: a NUL byte or invalid text for the
 * encoding (22021, 22P05), a number out of a column's range (22003). A 4xx, never a 500;
 * schemas refuse these first, this is the net under the ones they miss.
 */
export function isRefusedInputValue(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '22021' || code === '22P05' || code === '22003';
}

/**
 * The constraint a unique violation (SQLSTATE 23505) hit, looking through the wrappers
 * Drizzle puts around driver errors; null for any other error.
 */
export function uniqueViolationConstraint(error: unknown): string | null {
  for (const current of causesOf(error)) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      const text = `${String(candidate.message ?? '')} ${String(candidate.detail ?? '')}`;
      return /"([^"]+)"/.exec(text)?.[1] ?? 'unknown';
    }
  }
  return null;
}
