import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { isTrial } from '../../platform/policy';
import { ensureMemberAccounts, ensureMemberWallet, openAccount } from '../wallet/index';

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

/** The house side (HOUSE, or TRIAL_ISSUER) per merchant and currency: opened once per process, not once per member. */
const houses = new WeakMap<object, Map<string, Promise<number>>>();

async function openPlayAccounts(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency' | 'settings'>,
  member: Pick<MemberRow, 'id' | 'type'>,
  isTrialPlayer: boolean,
): Promise<PlayAccounts> {
  // A trial player's first call grants the play money (ensureMemberWallet); a real member's
  // accounts are found in one read when they exist (ensureMemberAccounts), which is almost always.
  const owner = { merchantId: merchant.id, memberId: member.id, currency: merchant.currency };
  const memberAccounts = isTrialPlayer ? await ensureMemberWallet(db, merchant, member) : await ensureMemberAccounts(db, owner);
  if (!memberAccounts) throw new Error('play accounts: the wallet answered no accounts');
  const memberAccount = isTrialPlayer ? memberAccounts.trial : memberAccounts.cash;
  const houseAccountId = await houseAccountOf(db, merchant, isTrialPlayer ? 'TRIAL_ISSUER' : 'HOUSE');
  return { memberAccountId: memberAccount.id, houseAccountId, isTrial: isTrialPlayer, currency: merchant.currency };
}

function houseAccountOf(db: Db, merchant: Pick<Merchant, 'id' | 'currency'>, code: 'HOUSE' | 'TRIAL_ISSUER'): Promise<number> {
  let known = houses.get(db);
  if (!known) {
    known = new Map();
    houses.set(db, known);
  }
  const key = `${merchant.id}:${code}:${merchant.currency}`;
  let opened = known.get(key);
  if (!opened) {
    opened = openAccount(db, { merchantId: merchant.id, code, currency: merchant.currency }).then((account) => account.id);
    // A failed open is not remembered: the next spin tries again.
    opened.catch(() => known.delete(key));
    known.set(key, opened);
  }
  return opened;
}
