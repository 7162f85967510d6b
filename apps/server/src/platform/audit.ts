import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema/accounts';
import type { DbOrTx } from './db';

export type AuditActor = 'MEMBER' | 'ANONYMOUS' | 'OPERATOR' | 'SYSTEM';

/** Where a request came from, as audit rows and sessions record it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

const USER_AGENT_MAX = 512;

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null };
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
