import { eq } from 'drizzle-orm';
import { depositRequests, gatewayCallbacks } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { approveDeposit } from './approve-deposit';
import { isClosedUnpaid } from './credit-deposit';
import { findChannelById } from './deposit-queries';
import { gatewayOf } from './gateway-registry';
import { rejectDeposit } from './reject-deposit';

function depositIdOf(rawBody: string): number | null {
  try {
    const parsed = JSON.parse(rawBody) as { depositId?: unknown };
    return typeof parsed.depositId === 'number' && Number.isSafeInteger(parsed.depositId) ? parsed.depositId : null;
  } catch {
    return null;
  }
}

/**
 * A provider's callback about a deposit. The signature is checked with the deposit's channel
 * key before anything is trusted; `paid` credits once (replays and duplicates answer the same),
 * `failed` ends a pending deposit, and a late `failed` after a credit changes nothing.
 *
 * A signed `paid` for an order the member cancelled or that expired is credited all the same and
 * marked "paid after" that state (approveDeposit): the provider took the money, and refusing it
 * would either keep the member's money or make the provider retry forever. A `failed` for such
 * an order changes nothing: it is already closed without credit.
 */
export async function handleGatewayCallback(
  deps: { db: Db; realtime: RealtimeHub; now: Date; isPaymentSandboxOn: boolean },
  input: { provider: string; rawBody: string; headers: Record<string, string | string[] | undefined> },
): Promise<{ status: string; isReplay: boolean }> {
  const gateway = gatewayOf(input.provider, { isSandboxOn: deps.isPaymentSandboxOn });
  const depositId = depositIdOf(input.rawBody);
  if (!gateway || depositId === null) throw new AppError('SIGNATURE_INVALID');
  const [deposit] = await deps.db.select().from(depositRequests).where(eq(depositRequests.id, depositId));
  const channel = deposit ? await findChannelById(deps.db, deposit.channelId) : null;
  // Unknown deposit and bad signature look the same to the caller.
  if (!deposit || !channel || channel.provider !== input.provider) throw new AppError('SIGNATURE_INVALID');
  const event = gateway.verifyCallback(channel, input.rawBody, input.headers);
  if (!event) throw new AppError('SIGNATURE_INVALID');
  if (event.gatewayTransactionId !== deposit.gatewayTransactionId || event.amount !== deposit.amount) {
    // Signed but about another payment or amount: never credit what was not asked for.
    throw new AppError('CONFLICT', { value: { reason: 'payment_mismatch' } });
  }

  let status: string;
  let isReplay: boolean;
  if (event.status === 'paid') {
    const result = await approveDeposit(deps, { depositId, reviewedBy: `gateway:${input.provider}`, by: 'gateway' });
    status = result.deposit.status;
    isReplay = result.isReplay;
  } else if (deposit.status === 'approved' || isClosedUnpaid(deposit.status)) {
    status = deposit.status;
    isReplay = true;
  } else {
    const result = await rejectDeposit(deps, { depositId, reviewedBy: `gateway:${input.provider}`, status: 'failed' });
    status = result.deposit.status;
    isReplay = result.isReplay;
  }
  // A log of what arrived, written after processing so a crash mid-way lets the gateway's retry through.
  await deps.db
    .insert(gatewayCallbacks)
    .values({ provider: input.provider, eventId: event.eventId, depositId, status: event.status, outcome: status, createdAt: deps.now })
    .onConflictDoNothing();
  return { status, isReplay };
}
