import { sql } from 'drizzle-orm';
import { memberDevices, memberSightings } from '../../db/schema/member-desk';
import type { RequestOrigin } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';

const USER_AGENT_MAX = 512;

/**
 * Stamps where a member logged in from: (IP, browser) with first and last seen, and the web's
 * device id when it sent one, for the back office's devices tab, linked accounts and risk rules.
 */
export async function recordMemberSighting(
  db: DbOrTx,
  input: { memberId: number; merchantId: number; origin: RequestOrigin; now: Date },
): Promise<void> {
  const userAgent = (input.origin.userAgent ?? '').slice(0, USER_AGENT_MAX);
  await db
    .insert(memberSightings)
    .values({
      memberId: input.memberId,
      merchantId: input.merchantId,
      ip: input.origin.ip,
      userAgent,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    })
    .onConflictDoUpdate({
      target: [memberSightings.memberId, memberSightings.ip, memberSightings.userAgent],
      set: { logins: sql`${memberSightings.logins} + 1`, lastSeenAt: input.now },
    });
  if (!input.origin.deviceId) return;
  await db
    .insert(memberDevices)
    .values({
      memberId: input.memberId,
      merchantId: input.merchantId,
      deviceId: input.origin.deviceId,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    })
    .onConflictDoUpdate({
      target: [memberDevices.memberId, memberDevices.deviceId],
      set: { logins: sql`${memberDevices.logins} + 1`, lastSeenAt: input.now },
    });
}
