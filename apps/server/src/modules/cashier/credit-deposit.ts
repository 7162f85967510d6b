import { ensureMemberAccounts } from '../wallet/ensure-member-accounts';
import type { LedgerTx } from '../wallet/ledger-sql';
import { openAccount } from '../wallet/open-account';
import { postTransfer } from '../wallet/post-transfer';
import type { DepositChannelRow, DepositRow } from './deposit-queries';

/**
 * The ledger side of an approved deposit: CASHIER_CLEARING:<channel> -> MEMBER_CASH. The key is
 * the deposit's id, so however the approval arrives (operator twice, gateway replay) it credits once.
 */
export async function creditDeposit(tx: LedgerTx, deposit: DepositRow, channel: DepositChannelRow, currency: string) {
  const accounts = await ensureMemberAccounts(tx, { merchantId: deposit.merchantId, memberId: deposit.memberId, currency });
  const clearing = await openAccount(tx, { merchantId: deposit.merchantId, code: 'CASHIER_CLEARING', subkey: channel.code, currency });
  return postTransfer(tx, {
    merchantId: deposit.merchantId,
    idempotencyKey: `deposit:${deposit.id}`,
    type: 'deposit',
    reference: { kind: 'deposit', id: String(deposit.id) },
    entries: [
      { accountId: clearing.id, amount: -deposit.amount },
      { accountId: accounts.cash.id, amount: deposit.amount },
    ],
    description: `Deposit via ${channel.code}`,
  });
}
