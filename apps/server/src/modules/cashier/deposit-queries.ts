import type { DepositChannelKind, DepositClosedUnpaidStatus, DepositStatus, DepositValue } from '@kismat/contracts/cashier';
import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, isNotNull } from 'drizzle-orm';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';
import { providerOf } from './provider-registry';

export type DepositRow = typeof depositRequests.$inferSelect;
export type DepositChannelRow = typeof depositChannels.$inferSelect;

export function localised(text: Record<string, string>, language: Language): string {
  return text[language] ?? text.EN ?? Object.values(text)[0] ?? '';
}

export function sandboxPayUrl(depositId: number): string {
  return `/member?page=depositv2&sandboxDeposit=${depositId}`;
}

export function presentDeposit(row: DepositRow, channel: DepositChannelRow, language: Language): DepositValue {
  return {
    id: row.id,
    channelId: channel.id,
    channelName: localised(channel.name, language),
    channelKind: channel.kind as DepositChannelKind,
    amount: formatAmount(row.amount),
    reference: row.reference,
    hasProof: row.proofUploadId !== null,
    status: row.status as DepositStatus,
    payUrl: row.status !== 'pending' ? null : channel.provider === 'sandbox' ? sandboxPayUrl(row.id) : row.providerPayUrl,
    isSandbox: channel.provider === 'sandbox',
    provider: channel.kind === 'gateway' && channel.provider !== 'sandbox' ? channel.provider : null,
    failureMessage: failureMessageOf(row, channel, language),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAfter: (row.paidAfter as DepositClosedUnpaidStatus | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** A provider's failed order in the member's words: the provider's code (kept as the review note) through its messageOf. */
function failureMessageOf(row: DepositRow, channel: DepositChannelRow, language: Language): string | null {
  if (row.status !== 'failed' || !row.reviewNote || channel.kind !== 'gateway') return null;
  const provider = providerOf(channel.provider);
  return provider?.messageOf ? provider.messageOf(row.reviewNote, language) : null;
}

export async function findChannel(db: DbOrTx, merchantId: number, channelId: number): Promise<DepositChannelRow | null> {
  const [row] = await db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.id, channelId), eq(depositChannels.merchantId, merchantId)))
    .limit(1);
  return row ?? null;
}

export async function findChannelById(db: DbOrTx, channelId: number): Promise<DepositChannelRow | null> {
  const [row] = await db.select().from(depositChannels).where(eq(depositChannels.id, channelId)).limit(1);
  return row ?? null;
}

/** The member's open (pending, unpaid) online order on a channel; the partial unique index allows at most one. */
export async function findOpenOnlineOrder(db: DbOrTx, memberId: number, channelId: number): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(depositRequests)
    .where(
      and(
        eq(depositRequests.memberId, memberId),
        eq(depositRequests.channelId, channelId),
        eq(depositRequests.status, 'pending'),
        isNotNull(depositRequests.expiresAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
