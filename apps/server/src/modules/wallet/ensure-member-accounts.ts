import { and, eq, inArray } from 'drizzle-orm';
import { type LedgerAccountRow, ledgerAccounts } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { ACCOUNT_RULES } from './ledger-model';
import { openAccount } from './open-account';

export interface MemberAccounts {
  cash: LedgerAccountRow;
  bonus: LedgerAccountRow;
  points: LedgerAccountRow;
  trial: LedgerAccountRow;
}

const MEMBER_CODES = { cash: 'MEMBER_CASH', bonus: 'MEMBER_BONUS', points: 'MEMBER_POINTS', trial: 'MEMBER_TRIAL' } as const;

/**
 * Opens (or finds) a member's cash, bonus, points and trial accounts; called at registration and
 * before any first movement. Almost always they exist already: one SELECT finds all four (no
 * savepoints, no inserts); only when one is missing, or not in the expected currency, does it
 * go through `openAccount` for each (which opens, or refuses a currency mismatch).
 */
export async function ensureMemberAccounts(
  db: DbOrTx,
  input: { merchantId: number; memberId: number; currency: string },
): Promise<MemberAccounts> {
  const found = await findMemberAccounts(db, input);
  if (found) return found;
  const owner = { merchantId: input.merchantId, ownerMemberId: input.memberId, currency: input.currency };
  return inTransaction(db, async (tx) => ({
    cash: await openAccount(tx, { ...owner, code: 'MEMBER_CASH' }),
    bonus: await openAccount(tx, { ...owner, code: 'MEMBER_BONUS' }),
    points: await openAccount(tx, { ...owner, code: 'MEMBER_POINTS' }),
    trial: await openAccount(tx, { ...owner, code: 'MEMBER_TRIAL' }),
  }));
}

async function findMemberAccounts(
  db: DbOrTx,
  input: { merchantId: number; memberId: number; currency: string },
): Promise<MemberAccounts | null> {
  if (!Number.isSafeInteger(input.merchantId) || input.merchantId <= 0) return null;
  if (!Number.isSafeInteger(input.memberId) || input.memberId <= 0) return null;
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, input.merchantId),
        eq(ledgerAccounts.ownerMemberId, input.memberId),
        eq(ledgerAccounts.subkey, ''),
        inArray(ledgerAccounts.code, Object.values(MEMBER_CODES)),
      ),
    );
  const pick = (code: (typeof MEMBER_CODES)[keyof typeof MEMBER_CODES]) => {
    const currency = ACCOUNT_RULES[code].fixedCurrency ?? input.currency;
    return rows.find((row) => row.code === code && row.currency === currency);
  };
  const cash = pick(MEMBER_CODES.cash);
  const bonus = pick(MEMBER_CODES.bonus);
  const points = pick(MEMBER_CODES.points);
  const trial = pick(MEMBER_CODES.trial);
  return cash && bonus && points && trial ? { cash, bonus, points, trial } : null;
}
