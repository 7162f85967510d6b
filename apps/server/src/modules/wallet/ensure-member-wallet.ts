import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { MemberRow } from '../../platform/auth';
import { readCashierSettings } from '../../platform/cashier-settings';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { ensureMemberAccounts, type MemberAccounts } from './ensure-member-accounts';
import { openAccount } from './open-account';
import { postTransfer } from './post-transfer';

/**
 * Opens a member's ledger accounts on first use (registration, seeds and freeplay are owned by
 * other modules; every wallet read and money call comes through here), and gives a trial
 * player its play money once: TRIAL_ISSUER -> MEMBER_TRIAL, never convertible to real money.
 */
export async function ensureMemberWallet(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
): Promise<MemberAccounts | null> {
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerMemberId, member.id), eq(ledgerAccounts.code, 'MEMBER_CASH')))
    .limit(1);
  // Fast path: accounts exist and, for trial players, the grant went with them (same call below).
  if (existing && member.type !== MEMBER_TYPE.TRIAL) return null;
  const accounts = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
  if (member.type === MEMBER_TYPE.TRIAL) {
    const grant = readCashierSettings(merchant).trialGrant;
    if (grant > 0n) {
      const issuer = await openAccount(db, { merchantId: merchant.id, code: 'TRIAL_ISSUER', currency: merchant.currency });
      // The key makes the grant once per trial player, however many first calls race.
      await postTransfer(db, {
        merchantId: merchant.id,
        idempotencyKey: `trial-grant:${member.id}`,
        type: 'trial_grant',
        reference: { kind: 'member', id: String(member.id) },
        entries: [
          { accountId: issuer.id, amount: -grant },
          { accountId: accounts.trial.id, amount: grant },
        ],
        description: 'Play money',
      });
    }
  }
  return accounts;
}
