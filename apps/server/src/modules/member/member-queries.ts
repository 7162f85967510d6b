import { AGENT_TYPES } from '@kismat/contracts/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/** Usernames are case-insensitive: stored and looked up lower-case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Affiliate codes are case-insensitive: stored and looked up upper-case. */
export function normalizeAffiliateCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findMemberById(db: DbOrTx, merchantId: number, id: number): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMemberByUsername(db: DbOrTx, merchantId: number, username: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, normalizeUsername(username))))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMemberByMobile(db: DbOrTx, merchantId: number, e164: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.mobile, e164)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAgentByAffiliateCode(db: DbOrTx, merchantId: number, code: string): Promise<MemberRow | null> {
  const rows = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.affiliateCode, normalizeAffiliateCode(code)),
        inArray(members.type, [...AGENT_TYPES]),
        eq(members.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a member of the merchant already holds this affiliate code (agent invitations draw from the same space). */
export async function isAffiliateCodeTaken(db: DbOrTx, merchantId: number, code: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.affiliateCode, code)))
    .limit(1);
  return taken !== undefined;
}

/** A member's username, or '' when there is no such member. */
export async function findUsername(db: DbOrTx, memberId: number): Promise<string> {
  const [row] = await db.select({ username: members.username }).from(members).where(eq(members.id, memberId));
  return row?.username ?? '';
}

/** A member row by id in any merchant (seeds and jobs that already hold a trusted id), or null. */
export async function findMemberRow(db: DbOrTx, id: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}
