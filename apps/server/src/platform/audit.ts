import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema/accounts';
import { operatorAuditLog } from '../db/schema/operators';
import type { DbOrTx } from './db';

export type AuditActor = 'MEMBER' | 'ANONYMOUS' | 'OPERATOR' | 'SYSTEM';

/** Where a request came from, as audit rows and sessions record it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
  /** The id the web keeps in local storage and sends as X-Device-Id (deviceIdOf); absent for other callers. */
  deviceId?: string | null;
}

/** A device id the web keeps in local storage and sends as X-Device-Id; anything else is ignored. */
export function deviceIdOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : null;
}

const USER_AGENT_MAX = 512;

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null, deviceId: deviceIdOf(request.headers['x-device-id']) };
}

export interface AuditEntry {
  merchantId: number | null;
  memberId: number | null;
  actor: AuditActor;
  /** Dotted verb: 'login.succeeded', 'password.changed', 'bank_account.bound' ... */
  action: string;
  origin: RequestOrigin;
  /** Never a password, token or code: audit rows are read by operators. */
  detail?: Record<string, unknown>;
  at?: Date;
}

/** Appends one audit row, inside the caller's transaction when given so it commits with the change. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    merchantId: entry.merchantId,
    memberId: entry.memberId,
    actor: entry.actor,
    action: entry.action,
    ip: entry.origin.ip,
    userAgent: entry.origin.userAgent,
    detail: entry.detail ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** What a member's call audits from: its merchant, where the request came from and the call's clock. */
export interface AuditContext {
  merchant: { id: number };
  origin: RequestOrigin;
  now: Date;
}

/** One audit row of a member's call: merchant, origin and time from `ctx`; the actor is the member unless told. */
export async function recordMemberAudit(
  db: DbOrTx,
  ctx: AuditContext,
  entry: { memberId: number; action: string; actor?: AuditActor; detail?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(db, {
    merchantId: ctx.merchant.id,
    memberId: entry.memberId,
    actor: entry.actor ?? 'MEMBER',
    action: entry.action,
    origin: ctx.origin,
    ...(entry.detail ? { detail: entry.detail } : {}),
    at: ctx.now,
  });
}

/** One operator action as the back office's audit log keeps it. */
export interface OperatorAuditEntry {
  /** Dotted verb: 'deposit.approved', 'adjustment.posted', 'session.login', 'merchant.flag_changed' ... */
  action: string;
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  merchantId?: number | null | undefined;
  memberId?: number | null | undefined;
  reason?: string | null | undefined;
  /** Before/after or other context. Never a password or token. */
  detail?: Record<string, unknown> | undefined;
}

/** Who did it and from where; for a failed login the name typed, with no operator id. */
export interface OperatorAuditActor {
  id: number | null;
  username: string;
}

/**
 * Appends one row to the operator audit log, inside the caller's transaction when given so the
 * row commits (or rolls back) with the action it describes.
 */
export async function recordOperatorAudit(
  db: DbOrTx,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  entry: OperatorAuditEntry,
): Promise<void> {
  await db.insert(operatorAuditLog).values({
    operatorId: actor.id,
    operatorName: actor.username.slice(0, 60),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    merchantId: entry.merchantId ?? null,
    memberId: entry.memberId ?? null,
    reason: entry.reason ?? null,
    detail: entry.detail ?? {},
    ip: request.ip,
    requestId: request.id,
    createdAt: request.server.now(),
  });
}
