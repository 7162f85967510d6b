import { createHash, timingSafeEqual } from 'node:crypto';

/*
 * Evolution's two secrets of one contract, both read from the environment (never stored in the
 * table, never logged, never returned to operators):
 *  - the One Wallet `authToken` Evolution puts on every wallet call: env var `<secret_env>`;
 *  - the API token our outgoing calls (User Authentication, Lobby, Game History) carry:
 *    env var `<secret_env>_API_TOKEN`.
 */

type ReadSecret = (envName: string) => string | undefined;

const readEnv: ReadSecret = (name) => process.env[name];

/** The One Wallet authToken of the contract, or null when its env var is unset or empty. */
export function evolutionAuthToken(integration: { secretEnv: string }, readSecret: ReadSecret = readEnv): string | null {
  const value = readSecret(integration.secretEnv);
  return value ? value : null;
}

/** The outgoing API token of the contract, or null when its env var is unset or empty. */
export function evolutionApiToken(integration: { secretEnv: string }, readSecret: ReadSecret = readEnv): string | null {
  const value = readSecret(`${integration.secretEnv}_API_TOKEN`);
  return value ? value : null;
}

/**
 * Compares the authToken a call carries with ours in constant time. Both sides are hashed first,
 * so neither the length nor a common prefix of our token leaks through the time the answer takes
 * (attack: a caller guessing the token byte by byte from response timings). No token configured
 * refuses everything.
 */
export function isAuthTokenValid(presented: string | undefined, expected: string | null): boolean {
  if (!expected || typeof presented !== 'string' || presented.length === 0) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
