import { and, asc, desc, eq } from 'drizzle-orm';
import { depositChannels, depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';
import { findBankAccountsByIds } from '../security/index';

/*
 * What the member's cashier pages read: channels, recent deposits and withdrawals, bound bank
 * accounts (the inbox: manage-notifications.ts). Every read of a member's rows is keyed by that member's id, so a
 * member never reads another's request by guessing its id.
 */

/** The merchant's enabled deposit channels in display order. */
export function listEnabledChannels(db: DbOrTx, merchantId: number) {
  return db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.isEnabled, true)))
    .orderBy(asc(depositChannels.sortOrder), asc(depositChannels.id));
}

/** The member's latest deposits with their channels, newest first. */
export function listMemberDeposits(db: DbOrTx, memberId: number, limit: number) {
  return db
    .select({ deposit: depositRequests, channel: depositChannels })
    .from(depositRequests)
    .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
    .where(eq(depositRequests.memberId, memberId))
    .orderBy(desc(depositRequests.id))
    .limit(limit);
}

/** One of the member's deposits (undefined when none or another member's). */
export async function findMemberDeposit(db: DbOrTx, memberId: number, depositId: number) {
  const [deposit] = await db
    .select()
    .from(depositRequests)
    .where(and(eq(depositRequests.id, depositId), eq(depositRequests.memberId, memberId)));
  return deposit;
}

/** A deposit by id (undefined when none). */
export async function findDeposit(db: DbOrTx, depositId: number) {
  const [deposit] = await db.select().from(depositRequests).where(eq(depositRequests.id, depositId));
  return deposit;
}

/** The member's latest withdrawals with their bank accounts (the security module's, one query for the page), newest first. */
export async function listMemberWithdrawals(db: DbOrTx, memberId: number, limit: number) {
  const withdrawals = await db
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.memberId, memberId))
    .orderBy(desc(withdrawalRequests.id))
    .limit(limit);
  const banks = await findBankAccountsByIds(
    db,
    withdrawals.map((withdrawal) => withdrawal.bankAccountId),
  );
  return withdrawals.flatMap((withdrawal) => {
    const bank = banks.get(withdrawal.bankAccountId);
    return bank ? [{ withdrawal, bank }] : [];
  });
}
