import type { LedgerAccountCode } from '@kismat/contracts/wallet';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { type LedgerAccountRow, ledgerAccountShards, ledgerAccounts } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { ACCOUNT_RULES } from './ledger-model';
import { checkMerchantId, invalidTransfer } from './ledger-request';

export interface OpenAccountInput {
  merchantId: number;
  code: LedgerAccountCode;
  /** Ignored for points accounts, which always count in PTS. */
  currency: string;
  /** members.id of the member or agent; omitted for system accounts. */
  ownerMemberId?: number | undefined;
  /** The cashier channel or vendor code of a clearing account; '' otherwise. */
  subkey?: string | undefined;
  /** Override the catalogue's shard count of a hot account (1..64). */
  shardCount?: number | undefined;
}

/** Opens the account of this owner, code and subkey, or returns it when it already exists (safe under concurrency). */
export async function openAccount(db: DbOrTx, input: OpenAccountInput): Promise<LedgerAccountRow> {
  checkMerchantId(input.merchantId);
  const rule = ACCOUNT_RULES[input.code];
  if (!rule) throw invalidTransfer('account_code', { code: input.code });
  const isSystem = rule.ownerKind === 'system';
  if (isSystem !== (input.ownerMemberId === undefined)) throw invalidTransfer('account_owner', { code: input.code });
  if (input.ownerMemberId !== undefined && (!Number.isSafeInteger(input.ownerMemberId) || input.ownerMemberId <= 0)) {
    throw invalidTransfer('account_owner', { code: input.code });
  }
  const currency = rule.fixedCurrency ?? input.currency;
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidTransfer('currency', { currency });
  const subkey = input.subkey ?? '';
  if (subkey.length > 64) throw invalidTransfer('subkey');
  const shardCount = rule.shardCount === 0 ? 0 : (input.shardCount ?? rule.shardCount);
  if (rule.shardCount > 0 && (!Number.isInteger(shardCount) || shardCount < 1 || shardCount > 64)) throw invalidTransfer('shard_count');

  return inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(ledgerAccounts)
      .values({
        merchantId: input.merchantId,
        ownerKind: rule.ownerKind,
        ownerMemberId: input.ownerMemberId ?? null,
        code: input.code,
        subkey,
        currency,
        isTrial: rule.isTrial,
        isHot: shardCount > 0,
        allowsNegative: isSystem,
        shardCount,
      })
      // A concurrent opener waits on the unique index, then finds the committed account below.
      .onConflictDoNothing()
      .returning();
    if (created) {
      if (shardCount > 0) {
        await tx
          .insert(ledgerAccountShards)
          .values(Array.from({ length: shardCount }, (_unused, index) => ({ accountId: created.id, shard: index + 1 })));
      }
      return created;
    }
    const existing = await findAccount(tx, input.merchantId, input.code, subkey, currency, input.ownerMemberId);
    if (!existing) throw new Error(`Account ${input.code} conflicted but was not found`);
    if (existing.currency !== currency) throw invalidTransfer('currency_mismatch', { accountId: existing.id });
    return existing;
  });
}

async function findAccount(
  tx: Tx,
  merchantId: number,
  code: LedgerAccountCode,
  subkey: string,
  currency: string,
  ownerMemberId: number | undefined,
): Promise<LedgerAccountRow | undefined> {
  const owner: SQL | undefined =
    ownerMemberId === undefined
      ? and(isNull(ledgerAccounts.ownerMemberId), eq(ledgerAccounts.currency, currency))
      : eq(ledgerAccounts.ownerMemberId, ownerMemberId);
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.code, code), eq(ledgerAccounts.subkey, subkey), owner));
  return row;
}
