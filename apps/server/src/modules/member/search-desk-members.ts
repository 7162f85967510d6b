import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberProfiles, members } from '../../db/schema/accounts';
import { memberDevices, memberSightings } from '../../db/schema/member-desk';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { escapeLike } from '../../platform/like-pattern';

/** The search kinds the member table answers itself (bank accounts are the security module's). */
export type DeskSearchField = 'username' | 'phone' | 'email' | 'name' | 'ip' | 'agent' | 'ids';

export interface DeskSearch {
  field: DeskSearchField;
  text: string;
  /** Null: every merchant (an unscoped operator). */
  merchantId: number | null;
  /** For field 'ids': the members another module found (bank account holders). */
  ids?: readonly number[];
  /** Keyset: only ids below this one (newest first). */
  after?: number | undefined;
  limit: number;
}

export interface DeskMemberRow {
  member: MemberRow;
  agentUsername: string | null;
}

/** LIKE metacharacters typed by an operator match themselves. */

/**
 * Each kind is one index of migration 0037 so a million members answer in milliseconds:
 * username by prefix (text_pattern_ops), phone, e-mail and real name by trigram (so a partial
 * number or a surname matches), IPs by equality over the members' last/registration IP and
 * every sighting, agent by the upline's username (exact) over members_upline_idx.
 */
function conditionOf(search: DeskSearch): SQL | undefined {
  const text = search.text.trim();
  switch (search.field) {
    case 'username':
      return sql`${members.username} like ${`${escapeLike(text.toLowerCase())}%`}`;
    case 'phone': {
      const digits = text.replace(/\D/g, '');
      return sql`${members.mobile} like ${`%${escapeLike(digits)}%`}`;
    }
    case 'email':
      return sql`lower(${members.email}) like ${`%${escapeLike(text.toLowerCase())}%`}`;
    case 'name':
      return sql`${members.id} in (select ${memberProfiles.memberId} from ${memberProfiles} where lower(${memberProfiles.fullName}) like ${`%${escapeLike(text.toLowerCase())}%`})`;
    case 'ip': {
      // One UNION of three index lookups (an OR across them would walk the whole table by id).
      const sameMerchant = (column: SQL) => (search.merchantId === null ? sql`` : sql` and ${column} = ${search.merchantId}`);
      return sql`${members.id} in (
        select m.id from ${members} m where m.last_login_ip = ${text}${sameMerchant(sql`m.merchant_id`)}
        union select m.id from ${members} m where m.register_ip = ${text}${sameMerchant(sql`m.merchant_id`)}
        union select ${memberSightings.memberId} from ${memberSightings} where ${memberSightings.ip} = ${text}${sameMerchant(sql`${memberSightings.merchantId}`)})`;
    }
    case 'agent':
      return sql`${members.uplineId} in (select a.id from ${members} a where a.username = ${text.toLowerCase()}${search.merchantId === null ? sql`` : sql` and a.merchant_id = ${search.merchantId}`})`;
    case 'ids':
      return search.ids && search.ids.length > 0 ? inArray(members.id, [...search.ids]) : sql`false`;
  }
}

/** The search as a query (not run): searchDeskMembers runs it; the index test EXPLAINs it. */
export function deskSearchQuery(db: DbOrTx, search: DeskSearch) {
  const upline = alias(members, 'upline');
  return db
    .select({ member: members, agentUsername: upline.username })
    .from(members)
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(
      and(
        conditionOf(search),
        search.merchantId === null ? undefined : eq(members.merchantId, search.merchantId),
        search.after === undefined ? undefined : lt(members.id, search.after),
      ),
    )
    .orderBy(desc(members.id))
    .limit(search.limit);
}

/** One page of members for the back office's search box, newest first, keyset-paged by id. */
export async function searchDeskMembers(db: DbOrTx, search: DeskSearch): Promise<DeskMemberRow[]> {
  return deskSearchQuery(db, search);
}

/** Members (other than the given one) that share a login IP, or a browser from the same IP range, with this member. */
export async function listSightingLinks(
  db: DbOrTx,
  memberId: number,
  limit: number,
): Promise<{ kind: 'IP' | 'DEVICE'; shared: string; memberId: number }[]> {
  const mine = alias(memberSightings, 'mine');
  const rows = await db
    .selectDistinct({
      ip: memberSightings.ip,
      userAgent: memberSightings.userAgent,
      mineAgent: mine.userAgent,
      memberId: memberSightings.memberId,
    })
    .from(mine)
    .innerJoin(
      memberSightings,
      and(
        eq(memberSightings.merchantId, mine.merchantId),
        eq(memberSightings.ip, mine.ip),
        sql`${memberSightings.memberId} <> ${memberId}`,
      ),
    )
    .where(eq(mine.memberId, memberId))
    .limit(limit);
  // Same IP and the very same browser string: most likely the same device.
  const byAddress = rows.map((row) =>
    row.userAgent !== '' && row.userAgent === row.mineAgent
      ? { kind: 'DEVICE' as const, shared: `${row.ip} · ${row.userAgent}`, memberId: row.memberId }
      : { kind: 'IP' as const, shared: row.ip, memberId: row.memberId },
  );
  // The same device id (the web's local storage) on another account: one phone or browser, whatever IP each used.
  const myDevices = alias(memberDevices, 'my_devices');
  const byDeviceId = await db
    .selectDistinct({ deviceId: memberDevices.deviceId, memberId: memberDevices.memberId })
    .from(myDevices)
    .innerJoin(
      memberDevices,
      and(
        eq(memberDevices.merchantId, myDevices.merchantId),
        eq(memberDevices.deviceId, myDevices.deviceId),
        sql`${memberDevices.memberId} <> ${memberId}`,
      ),
    )
    .where(eq(myDevices.memberId, memberId))
    .limit(limit);
  return [
    ...byAddress,
    ...byDeviceId.map((row) => ({ kind: 'DEVICE' as const, shared: `device ${row.deviceId}`, memberId: row.memberId })),
  ];
}

/** Where the member logged in from, newest first. */
export async function listMemberSightings(db: DbOrTx, memberId: number) {
  return db
    .select()
    .from(memberSightings)
    .where(eq(memberSightings.memberId, memberId))
    .orderBy(desc(memberSightings.lastSeenAt))
    .limit(200);
}

/** Other members with the same national mobile number (another dialing code or merchant); trigram index on mobile. */
export async function listPhoneLinks(db: DbOrTx, member: MemberRow): Promise<number[]> {
  if (!member.mobileNo) return [];
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`${members.mobile} like ${`%${escapeLike(member.mobileNo)}`}`, sql`${members.id} <> ${member.id}`))
    .limit(50);
  return rows.map((row) => row.id);
}
