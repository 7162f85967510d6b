import { and, eq, or } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import { providerPayouts } from '../../db/schema/payment-providers';
import type { DbOrTx } from '../../platform/db';
import type { DepositChannelRow } from './deposit-queries';
import type { PayoutOrder } from './payment-provider';

export type ProviderPayoutRow = typeof providerPayouts.$inferSelect;

/** What an adapter sees of a payout. */
export function payoutOrderOf(payout: ProviderPayoutRow): PayoutOrder {
  return {
    payoutId: payout.id,
    withdrawalId: payout.withdrawalId,
    amount: payout.amount,
    receiver: payout.receiver,
    providerPayoutId: payout.providerPayoutId,
  };
}

/** The payout a provider's callback names: by the provider's id, or by ours (`KP<id>`, the reference we send). */
export async function findProviderPayout(
  db: DbOrTx,
  provider: string,
  reference: string,
): Promise<{ payout: ProviderPayoutRow; channel: DepositChannelRow } | null> {
  const ours = /^KP(\d{1,15})$/.exec(reference);
  const [row] = await db
    .select({ payout: providerPayouts, channel: depositChannels })
    .from(providerPayouts)
    .innerJoin(depositChannels, eq(depositChannels.id, providerPayouts.channelId))
    .where(
      and(
        eq(providerPayouts.provider, provider),
        ours
          ? or(eq(providerPayouts.providerPayoutId, reference), eq(providerPayouts.id, Number(ours[1])))
          : eq(providerPayouts.providerPayoutId, reference),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Our reference of a payout as sent to providers (their invoice / originator id field). */
export function payoutReferenceOf(payoutId: number): string {
  return `KP${payoutId}`;
}

/**
 * The merchant's channel that pays out to a member's bound account: an enabled provider channel
 * whose settings say `payouts: "enabled"` and whose `payoutBankName` is the account's bank name
 * (e.g. "bKash"), case-insensitive. Null: the withdrawal is paid by hand as before.
 */
export async function findPayoutChannel(db: DbOrTx, merchantId: number, bankName: string): Promise<DepositChannelRow | null> {
  const rows = await db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.kind, 'gateway'), eq(depositChannels.isEnabled, true)));
  const wanted = bankName.trim().toLowerCase();
  return (
    rows.find(
      (row) => row.providerSettings.payouts === 'enabled' && (row.providerSettings.payoutBankName ?? '').trim().toLowerCase() === wanted,
    ) ?? null
  );
}
