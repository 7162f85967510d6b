import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { isTrial } from '../../platform/policy';
import { ensureMemberWallet, openAccount } from '../wallet/index';

export interface CrashAccounts {
  /** MEMBER_CASH, or MEMBER_TRIAL for a trial player. */
  memberAccountId: number;
  /** HOUSE, or TRIAL_ISSUER: play money never reaches the house's real balance. */
  houseAccountId: number;
  isTrial: boolean;
  currency: string;
}

/** The two accounts a crash bet moves money between; trial players play the same rounds with play money. */
export async function resolveCrashAccounts(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
): Promise<CrashAccounts> {
  const isTrialPlayer = isTrial(member);
  await ensureMemberWallet(db, merchant, member);
  const memberAccount = await openAccount(db, {
    merchantId: merchant.id,
    code: isTrialPlayer ? 'MEMBER_TRIAL' : 'MEMBER_CASH',
    currency: merchant.currency,
    ownerMemberId: member.id,
  });
  const house = await openAccount(db, {
    merchantId: merchant.id,
    code: isTrialPlayer ? 'TRIAL_ISSUER' : 'HOUSE',
    currency: merchant.currency,
  });
  return { memberAccountId: memberAccount.id, houseAccountId: house.id, isTrial: isTrialPlayer, currency: merchant.currency };
}
