import { createHash, timingSafeEqual } from 'node:crypto';
import { type OperatorPermission, type OperatorRoleName, roleMay } from '@kismat/contracts/operator-accounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorSessions, operators } from '../db/schema/operators';
import { hashToken } from './auth';
import { AppError } from './errors';
import type { Merchant } from './merchant';
import type { RouteRequest } from './route';

/** Who is calling the operator API. The bootstrap OPERATOR_TOKEN is 'root' with the admin role. */
export interface OperatorIdentity {
  /** Null for the bootstrap token, which has no row. */
  id: number | null;
  username: string;
  role: OperatorRoleName;
  /** Null: every merchant. */
  merchantId: number | null;
  sessionId: number | null;
  expiresAt: Date | null;
  /** Admin or finance without an authenticator: only the enrolment calls work until one is on. */
  isSecondFactorPending?: boolean;
  hasTotp?: boolean;
}

export const ROOT_OPERATOR_NAME = 'root';

/** Sessions end this long after login whatever happens; the back office logs in again each shift. */
export const OPERATOR_SESSION_HOURS = 8;

/** A back-office session left alone this long ends (an unlocked desk is the attack), whatever its hard expiry. */
export const OPERATOR_IDLE_MINUTES = 30;

/** The idle clock is written at most this often, not on every call of a busy console. */
const LAST_SEEN_WRITE_MS = 60_000;

/** Whether an operator of this role must use an authenticator (config OPERATOR_TOTP_REQUIRED; admin and finance only). */
export function isTotpRequired(
  config: { NODE_ENV: string; OPERATOR_TOTP_REQUIRED?: boolean | undefined },
  role: OperatorRoleName,
): boolean {
  const required = config.OPERATOR_TOTP_REQUIRED ?? config.NODE_ENV !== 'test';
  return required && (role === 'admin' || role === 'finance');
}

/** An operator with an IP allow-list calls only from those addresses (a stolen token is useless elsewhere). */
export function isIpAllowed(allowedIps: readonly string[] | null, ip: string): boolean {
  return !allowedIps || allowedIps.length === 0 || allowedIps.includes(ip);
}

// Resolved identities per request; a WeakMap keeps the request object's shape as Fastify built it.
const identities = new WeakMap<FastifyRequest, OperatorIdentity>();

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * Resolves the bearer to an operator: the bootstrap token (compared by digest in constant
 * time, so it cannot be guessed byte by byte from timing) or an unexpired, unrevoked session
 * of an active operator. AUTH_REQUIRED without a credential, SESSION_EXPIRED for an ended
 * session, FORBIDDEN for anything else.
 */
export async function authenticateOperator(request: FastifyRequest): Promise<OperatorIdentity> {
  const known = identities.get(request);
  if (known) return known;
  const given = bearerOf(request);
  if (!given) throw new AppError('AUTH_REQUIRED');
  const configured = request.server.config.OPERATOR_TOKEN;
  if (configured && timingSafeEqual(digest(given), digest(configured))) {
    const root: OperatorIdentity = {
      id: null,
      username: ROOT_OPERATOR_NAME,
      role: 'admin',
      merchantId: null,
      sessionId: null,
      expiresAt: null,
    };
    identities.set(request, root);
    return root;
  }
  const identity = await operatorOfToken(request.server, given, request.ip);
  identities.set(request, identity);
  return identity;
}

/**
 * An operator session token (not the bootstrap token) to its operator: the same checks as a
 * request's bearer. Also used where no request carries it (an operator's /ws socket).
 */
export async function operatorOfToken(server: FastifyInstance, given: string, ip?: string): Promise<OperatorIdentity> {
  const configured = server.config.OPERATOR_TOKEN;
  if (configured && timingSafeEqual(digest(given), digest(configured))) {
    return { id: null, username: ROOT_OPERATOR_NAME, role: 'admin', merchantId: null, sessionId: null, expiresAt: null };
  }
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(given)) throw new AppError('FORBIDDEN');
  const [row] = await server.db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(given)), isNull(operatorSessions.revokedAt)))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN');
  const now = server.now();
  if (row.session.expiresAt.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED');
  const lastSeen = row.session.lastSeenAt ?? row.session.createdAt;
  if (now.getTime() - lastSeen.getTime() > OPERATOR_IDLE_MINUTES * 60_000) throw new AppError('SESSION_EXPIRED', { value: { idle: true } });
  if (row.operator.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
  if (ip !== undefined && !isIpAllowed(row.operator.allowedIps, ip)) throw new AppError('FORBIDDEN', { value: { ip } });
  if (now.getTime() - lastSeen.getTime() > LAST_SEEN_WRITE_MS) {
    await server.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, row.session.id));
  }
  return {
    id: row.operator.id,
    username: row.operator.username,
    role: row.operator.role,
    merchantId: row.operator.merchantId,
    sessionId: row.session.id,
    expiresAt: row.session.expiresAt,
    isSecondFactorPending: row.session.isSecondFactorPending,
    hasTotp: row.operator.totpEnabledAt !== null,
  };
}

/**
 * The one guard of every /admin-api route: `onRequest: operatorGuard('money')`. Each route
 * declares which permission (and so which roles, see OPERATOR_PERMISSIONS) may call it.
 */
export function operatorGuard(permission: OperatorPermission, options: { allowsSecondFactorPending?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const identity = await authenticateOperator(request);
    // A password alone does not open an admin or finance console: enrol the authenticator first.
    if (identity.isSecondFactorPending && !options.allowsSecondFactorPending) {
      throw new AppError('FORBIDDEN', { value: { needs: 'totp_enrolment' } });
    }
    if (!roleMay(identity.role, permission)) throw new AppError('FORBIDDEN', { value: { role: identity.role, needs: permission } });
  };
}

/** The operator a guarded route runs for (the guard has resolved it). */
export function currentOperator(request: FastifyRequest): OperatorIdentity {
  const identity = identities.get(request);
  if (!identity) throw new AppError('AUTH_REQUIRED');
  return identity;
}

/** A merchant-scoped operator acts on its own merchant only; others look like missing rows. */
export function assertMerchantScope(identity: OperatorIdentity, merchantId: number): void {
  if (identity.merchantId !== null && identity.merchantId !== merchantId) throw new AppError('NOT_FOUND');
}

/** The merchant an operator route names by `code`, within the caller's scope: NOT_FOUND when missing or out of scope. */
export async function scopedMerchantByCode(request: FastifyRequest, code: string): Promise<Merchant> {
  const merchant = await request.server.merchants.byCode(code);
  if (!merchant) throw new AppError('NOT_FOUND');
  assertMerchantScope(currentOperator(request), merchant.id);
  return merchant;
}

/**
 * A route handler on the merchant its path's `code` names, within the caller's scope (as
 * `scopedMerchantByCode`): `handler` runs with that merchant and the request.
 */
export function onScopedMerchant<Q, B, P, Value>(
  handler: (merchant: Merchant, request: RouteRequest<Q, B, P>) => Promise<Value>,
): (request: RouteRequest<Q, B, P>) => Promise<Value> {
  return async (request) => handler(await scopedMerchantByCode(request, (request.params as { code: string }).code), request);
}
