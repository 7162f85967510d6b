import type { DepositChannelRow, DepositRow } from './deposit-queries';

/** A verified gateway event about one deposit. */
export interface GatewayEvent {
  eventId: string;
  gatewayTransactionId: string;
  depositId: number;
  /** Minor units the gateway says were paid. */
  amount: bigint;
  status: 'paid' | 'failed';
}

/**
 * An online payment provider. `startPayment` gives the member a place to pay; the provider then
 * calls back (signed) and `verifyCallback` turns the raw request into a trusted event or null.
 */
export interface PaymentGateway {
  readonly provider: string;
  startPayment(deposit: DepositRow, channel: DepositChannelRow): { gatewayTransactionId: string; payUrl: string };
  verifyCallback(channel: DepositChannelRow, rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
}
