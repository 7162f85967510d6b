import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { applyProviderPayment } from './apply-provider-payment';
import { applyProviderPayout } from './apply-provider-payout';
import { type ProviderCallbackReply, type ProviderCallbackRequest, ProviderError } from './payment-provider';
import { findProviderDeposit, providerConfigOf } from './provider-deposit-queries';
import { findProviderPayout, payoutOrderOf } from './provider-payout-queries';
import { providerOf } from './provider-registry';

export interface ProviderCallbackDeps {
  db: Db;
  realtime: RealtimeHub;
  now: Date;
  publicOrigin?: string | undefined;
  /** The origin the callback came to (the member's browser, for redirect-style providers). */
  origin?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A call to `/payment-callback/<provider>/<kind>`. Nothing in it is trusted until the provider's
 * adapter verified it (a signature, or a server-to-server confirmation such as bKash's execute):
 * an unknown payment, a bad signature and a status about another payment all get the provider's
 * refusal and change nothing. A provider error while confirming (a timeout) leaves the deposit
 * pending for the status sweep (query-provider-deposits.ts), never credited on the caller's word.
 */
export async function handleProviderCallback(
  deps: ProviderCallbackDeps,
  input: { provider: string; request: ProviderCallbackRequest },
): Promise<ProviderCallbackReply> {
  const provider = providerOf(input.provider);
  if (!provider) throw new AppError('NOT_FOUND');
  if (input.request.kind === 'payout') return handlePayoutCallback(deps, input);

  const paymentId = provider.depositCallbackPaymentId(input.request);
  const found = paymentId ? await findProviderDeposit(deps.db, provider.provider, paymentId) : null;
  const config = found ? await providerConfigOf(deps.db, provider, found.channel, deps) : null;
  if (!found || !config) return provider.replyToDepositCallback(null, null);
  try {
    const status = await provider.verifyDepositCallback(config, found.deposit, input.request);
    if (!status) return provider.replyToDepositCallback(config, null);
    const applied = await applyProviderPayment(deps, { provider: provider.provider, deposit: found.deposit, status });
    return provider.replyToDepositCallback(config, { depositId: found.deposit.id, status: applied.status });
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    // Not settled now: the deposit stays as it is and the member's result page shows it pending;
    // the sweep asks the provider again.
    return provider.replyToDepositCallback(config, { depositId: found.deposit.id, status: found.deposit.status });
  }
}

async function handlePayoutCallback(
  deps: ProviderCallbackDeps,
  input: { provider: string; request: ProviderCallbackRequest },
): Promise<ProviderCallbackReply> {
  const provider = providerOf(input.provider);
  const refused: ProviderCallbackReply = { kind: 'json', status: 400, body: { accepted: false } };
  if (!provider?.payoutCallbackPayoutId || !provider.verifyPayoutCallback) return refused;
  const payoutRef = provider.payoutCallbackPayoutId(input.request);
  const found = payoutRef ? await findProviderPayout(deps.db, provider.provider, payoutRef) : null;
  const config = found ? await providerConfigOf(deps.db, provider, found.channel, deps) : null;
  if (!found || !config) return refused;
  const status = await provider.verifyPayoutCallback(config, payoutOrderOf(found.payout), input.request);
  if (!status) return refused;
  const applied = await applyProviderPayout(deps, { payoutId: found.payout.id, status });
  return { kind: 'json', status: 200, body: { accepted: true, status: applied.payout.status } };
}
