import type { LedgerAccountRow } from '../../db/schema/ledger';
import { inTransaction, type LedgerDb } from './ledger-sql';
import { openAccount } from './open-account';

export interface MemberAccounts {
  cash: LedgerAccountRow;
  bonus: LedgerAccountRow;
  points: LedgerAccountRow;
  trial: LedgerAccountRow;
}

/** Opens (or finds) a member's cash, bonus, points and trial accounts; called at registration and before any first movement. */
export async function ensureMemberAccounts(
  db: LedgerDb,
  input: { merchantId: number; memberId: number; currency: string },
): Promise<MemberAccounts> {
  const owner = { merchantId: input.merchantId, ownerMemberId: input.memberId, currency: input.currency };
  return inTransaction(db, async (tx) => ({
    cash: await openAccount(tx, { ...owner, code: 'MEMBER_CASH' }),
    bonus: await openAccount(tx, { ...owner, code: 'MEMBER_BONUS' }),
    points: await openAccount(tx, { ...owner, code: 'MEMBER_POINTS' }),
    trial: await openAccount(tx, { ...owner, code: 'MEMBER_TRIAL' }),
  }));
}
