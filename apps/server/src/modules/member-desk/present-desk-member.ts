import type { MemberSummary } from '@kismat/contracts/member-desk';
import { inArray } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { type DeskMemberRow, maskEmail, maskMobile } from '../member/index';

/** Merchant codes by id (a handful of merchants; the platform's table). */
export async function merchantCodesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** A search row: contact details masked, so a list of a hundred members is not a personal-data read of a hundred people. */
export function presentDeskMember(row: DeskMemberRow, codes: Map<number, string>): MemberSummary {
  const { member } = row;
  return {
    id: member.id,
    merchantCode: codes.get(member.merchantId) ?? '',
    username: member.username,
    mobile: maskMobile(member.mobile),
    email: maskEmail(member.email),
    status: member.status,
    type: member.type,
    agentUsername: row.agentUsername,
    createdAt: member.createdAt.toISOString(),
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
  };
}

export async function presentDeskMembers(db: DbOrTx, rows: readonly DeskMemberRow[]): Promise<MemberSummary[]> {
  const codes = await merchantCodesOf(
    db,
    rows.map((row) => row.member.merchantId),
  );
  return rows.map((row) => presentDeskMember(row, codes));
}
