import type { MemberRow } from '../../platform/auth';
import { readCashierSettings } from '../../platform/cashier-settings';
import type { Db } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { ensureMemberWallet, openAccount, postTransfer, readAccountCash } from '../wallet/index';

/** Below this share of the merchant's trial grant, fun mode tops the play money up again. */
const REFILL_BELOW_DIVISOR = 10n;

/**
 * The member's play-money account for fun mode (MEMBER_TRIAL), topped up from TRIAL_ISSUER to
 * the merchant's trial grant when it runs low, at most once a day (the idempotency key is the
 * member and the day). Play money lives in the trial realm of the ledger: it can never move to
 * or from a real account, so a free trial cannot touch the member's cash.
 */
export async function ensurePlayMoney(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
  now: Date,
): Promise<number> {
  await ensureMemberWallet(db, merchant, member);
  const account = await openAccount(db, {
    merchantId: merchant.id,
    code: 'MEMBER_TRIAL',
    currency: merchant.currency,
    ownerMemberId: member.id,
  });
  const grant = readCashierSettings(merchant).trialGrant;
  const { balance } = await readAccountCash(db, account.id);
  if (grant > 0n && balance < grant / REFILL_BELOW_DIVISOR) {
    const issuer = await openAccount(db, { merchantId: merchant.id, code: 'TRIAL_ISSUER', currency: merchant.currency });
    // Today's top-up already happened (for another amount): the player waits for tomorrow's.
    await postTransfer(
      db,
      {
        merchantId: merchant.id,
        idempotencyKey: `fun-refill:${member.id}:${now.toISOString().slice(0, 10)}`,
        type: 'trial_grant',
        reference: { kind: 'member', id: String(member.id) },
        entries: [
          { accountId: issuer.id, amount: -(grant - balance) },
          { accountId: account.id, amount: grant - balance },
        ],
        description: 'Play money for free trials',
      },
      () => now,
    ).catch((error: unknown) => {
      if (!(isAppError(error) && error.code === 'IDEMPOTENCY_CONFLICT')) throw error;
    });
  }
  return account.id;
}
