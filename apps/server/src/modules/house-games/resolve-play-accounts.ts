import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { isTrial } from '../../platform/policy';
import { ensureMemberWallet, openAccount } from '../wallet/index';

export interface PlayAccounts {
  /** MEMBER_CASH, or MEMBER_TRIAL for a trial player. */
  memberAccountId: number;
  /** HOUSE, or TRIAL_ISSUER: play money never reaches the house's real balance. */
  houseAccountId: number;
  isTrial: boolean;
  currency: string;
}

/** Remembered per database: ledger accounts are never deleted and their identity never changes (a trigger refuses it). */
const resolved = new WeakMap<object, Map<string, PlayAccounts>>();
const MAX_REMEMBERED = 100_000;

/**
 * The two accounts a house game bet moves money between; trial players go through the same code
 * with play-money accounts. Once resolved (the wallet opened, a trial player's play money
 * granted), the ids are remembered for this database: a bet's path pays no statement for them
 * (issue 16: nine statements per spin before).
 */
export async function resolvePlayAccounts(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
): Promise<PlayAccounts> {
  const isTrialPlayer = isTrial(member);
  let known = resolved.get(db);
  if (!known) {
    known = new Map();
    resolved.set(db, known);
  }
  const key = `${merchant.id}:${member.id}:${isTrialPlayer}:${merchant.currency}`;
  const hit = known.get(key);
  if (hit) return hit;
  const accounts = await openPlayAccounts(db, merchant, member, isTrialPlayer);
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.set(key, accounts);
  return accounts;
}

async function openPlayAccounts(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
  isTrialPlayer: boolean,
): Promise<PlayAccounts> {
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
