import type { MemberRow } from '../../platform/auth';
import type { AgentContext } from '../../platform/request-context';
import { ensureMemberAccounts, openAccount, type PostedTransfer, postTransfer } from '../wallet/index';

/** The ledger key of one move: the agent's own request key, so a retried request moves the money once. */
export function earningsMoveKey(memberId: number, idempotencyKey: string): string {
  return `agent-earnings-to-wallet:${memberId}:${idempotencyKey}`;
}

/**
 * An agent moves contract earnings (salaries and dividends received, AGENT_EARNINGS) into its own
 * cash wallet, where it can play, transfer or withdraw them (docs/agent-contracts.md). One ledger
 * transfer between two accounts of the same member; the ledger's guarded debit refuses more
 * than the earnings hold (INSUFFICIENT_FUNDS), and the same key with another amount is
 * IDEMPOTENCY_CONFLICT.
 */
export async function moveEarningsToWallet(
  ctx: AgentContext,
  agent: MemberRow,
  input: { amount: bigint; idempotencyKey: string },
): Promise<PostedTransfer> {
  return ctx.db.transaction(async (tx) => {
    const currency = ctx.merchant.currency;
    const { cash } = await ensureMemberAccounts(tx, { merchantId: ctx.merchant.id, memberId: agent.id, currency });
    const earnings = await openAccount(tx, { merchantId: ctx.merchant.id, code: 'AGENT_EARNINGS', currency, ownerMemberId: agent.id });
    return postTransfer(tx, {
      merchantId: ctx.merchant.id,
      idempotencyKey: earningsMoveKey(agent.id, input.idempotencyKey),
      type: 'earnings_to_wallet',
      reference: { kind: 'member', id: String(agent.id) },
      entries: [
        { accountId: earnings.id, amount: -input.amount },
        { accountId: cash.id, amount: input.amount },
      ],
      description: 'Agent earnings to wallet',
    });
  });
}
