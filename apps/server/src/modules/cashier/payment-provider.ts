/*
 * The payment-provider interface (issue 22): what a real rail (bKash, Nagad, M-Pesa...) implements
 * so the cashier can take deposits and send payouts through it. A provider is ONE folder,
 * modules/cashier/providers/<name>/, exporting one `PaymentProvider` that is listed in
 * provider-registry.ts. docs/payments.md describes the states and each adapter's mapping.
 *
 * The provider never touches the ledger. It speaks the provider's API and turns what comes back
 * into the verified facts below; the cashier applies them through the existing operations
 * (approveDeposit -> creditDeposit, the withdrawal's hold, the payout reversal), each keyed so a
 * fact applied twice moves money once, whatever the provider retries.
 */
import type { Language } from '@kismat/contracts/languages';
import type { DepositRow } from './deposit-queries';

/** A channel's provider configuration, resolved at call time. Secrets come from the environment only. */
export interface ProviderChannelConfig {
  merchantId: number;
  channelId: number;
  channelCode: string;
  provider: string;
  /** `sandbox` talks to the provider's sandbox host, `live` to its production host. */
  mode: 'sandbox' | 'live';
  /** The provider's API root for this mode (the channel may override it, e.g. the local fake's URL). */
  baseUrl: string;
  /** Credential values read from the environment variables the channel names (never stored in the DB). */
  credentials: Readonly<Record<string, string>>;
  /** The channel's non-secret settings (merchant number, short code, ...), as stored. */
  settings: Readonly<Record<string, string>>;
  /** The merchant's ISO currency (BDT, KES...). */
  currency: string;
  /** Absolute URL of our callback route for this provider: `<origin>/payment-callback/<provider>`. */
  callbackUrl: string;
  /** The member site's origin (e.g. https://kismat.example); the member's result page is `siteOrigin + depositResultPath(id)` (provider-config.ts). */
  siteOrigin: string;
  /** Per HTTP call to the provider; past it the call is a timeout (the status query settles it later). */
  timeoutMs: number;
}

/** What the member does next after a deposit was started. */
export type DepositNextStep =
  | { kind: 'redirect'; url: string }
  /** The provider pushed a prompt to the member's phone (M-Pesa STK Push); nothing to open. */
  | { kind: 'prompt_sent' };

export interface StartedDeposit {
  /** The provider's id of this payment (bKash paymentID, Nagad paymentReferenceId, M-Pesa CheckoutRequestID). Unique per channel. */
  providerPaymentId: string;
  next: DepositNextStep;
}

/** A provider's verified word about one payment, from a callback or a status query. */
export interface ProviderPaymentStatus {
  providerPaymentId: string;
  /** `pending`: not settled yet (keep waiting / query later). */
  status: 'paid' | 'failed' | 'pending';
  /** Minor units the provider says were paid (required when `paid`). */
  amount?: bigint;
  /** The provider's transaction id of the money movement (bKash trxID, M-Pesa receipt); kept for refunds and reconciliation. */
  providerTransactionId?: string;
  /** The provider's own code for a failure (e.g. bKash "2023"), for messages and the log. */
  failureCode?: string;
  /** Stable id of this event for the callback log (duplicates of one event share it). */
  eventId: string;
}

/** An incoming HTTP call to `/payment-callback/<provider>[/<kind>]`, exactly as received. */
export interface ProviderCallbackRequest {
  method: 'GET' | 'POST';
  /** `deposit` or `payout` (the route's last segment; providers with one URL for both use `deposit`). */
  kind: 'deposit' | 'payout';
  rawBody: string;
  query: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** How the route answers the provider (or the member's browser, for redirect-style callbacks). */
export type ProviderCallbackReply = { kind: 'json'; status: number; body: unknown } | { kind: 'redirect'; url: string };

/** A payout (B2C / disbursement) of an approved withdrawal. */
export interface PayoutOrder {
  /** Our payout id; sent as the provider's invoice/reference so retries are recognised. */
  payoutId: number;
  withdrawalId: number;
  amount: bigint;
  /** The member's wallet number (MSISDN) as bound in their bank account. */
  receiver: string;
  /** Set once the provider accepted the payout (after startPayout). */
  providerPayoutId: string | null;
}

export interface ProviderPayoutStatus {
  /** The provider's id of the payout (bKash trxID, M-Pesa ConversationID...). */
  providerPayoutId: string | null;
  /** `sent`: accepted, result still to come (callback or query). */
  status: 'paid' | 'failed' | 'sent';
  providerTransactionId?: string;
  failureCode?: string;
  eventId: string;
}

export interface ProviderRefundResult {
  status: 'refunded' | 'failed';
  /** The provider's refund transaction id. */
  refundTransactionId?: string;
  failureCode?: string;
}

/** One line of a provider's statement, in our terms (pay-nagad's reconciliation reads these). */
export interface StatementLine {
  direction: 'in' | 'out' | 'refund';
  /** The provider's transaction id (what our deposits/payouts keep as providerTransactionId). */
  providerTransactionId: string;
  /** Our id as the provider echoes it (merchantInvoiceNumber, BillRefNumber...), when it does. */
  merchantReference: string | null;
  amount: bigint;
  occurredAt: Date;
  /** The provider's status word, as given (e.g. "Completed"). */
  status: string;
}

/** Thrown by adapters for a provider error or refusal; `code` is the provider's (mapped to member messages by `messageOf`). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
    /** True when we do not know whether the provider acted (timeout, connection reset): query, never retry blindly. */
    readonly isUncertain = false,
  ) {
    super(`${provider} ${code}: ${message}`);
    this.name = 'ProviderError';
  }
}

/**
 * The rail. Every method may throw ProviderError. Methods are called outside any database
 * transaction (network calls never hold a row lock); the cashier records their results after.
 */
export interface PaymentProvider {
  /** The `provider` value a channel names ('bkash', 'nagad', 'mpesa'). */
  readonly provider: string;
  /** Default API roots; a channel's `baseUrl` setting overrides (the local fakes). */
  readonly baseUrls: { sandbox: string; live: string };
  /**
   * Credential names this provider needs, e.g. ['username', 'password', 'appKey', 'appSecret'].
   * The channel's settings name the environment variable of each: `<name>Env` (e.g. appKeyEnv:
   * 'BKASH_APP_KEY'). A missing variable makes the channel unavailable; values never reach the DB.
   */
  readonly credentialNames: readonly string[];
  /** Whether startPayout/handlePayoutCallback/queryPayout are implemented. */
  readonly supportsPayouts: boolean;

  /** Starts the provider's payment of a recorded deposit (bKash create payment, STK push...). */
  startDeposit(
    config: ProviderChannelConfig,
    deposit: DepositRow,
    payer: { phone: string | null; memberId: number },
  ): Promise<StartedDeposit>;

  /**
   * Step 1 of a callback: which payment it claims to be about (no trust yet). Null: not ours / malformed.
   * The cashier finds the deposit (channel + providerPaymentId) and the channel's config with it.
   */
  depositCallbackPaymentId(request: ProviderCallbackRequest): string | null;

  /**
   * Step 2: verify the callback (signature, or a server-to-server confirmation such as bKash's
   * execute) and return the trusted status, or null to refuse (bad signature, unknown payment,
   * amount or id not the deposit's). May call the provider.
   */
  verifyDepositCallback(
    config: ProviderChannelConfig,
    deposit: DepositRow,
    request: ProviderCallbackRequest,
  ): Promise<ProviderPaymentStatus | null>;

  /** The provider's reply to a callback after it was handled (`outcome` null: refused). */
  replyToDepositCallback(
    config: ProviderChannelConfig | null,
    outcome: { depositId: number; status: string } | null,
  ): ProviderCallbackReply;

  /** Status query for a deposit whose callback never came (the sweep calls it for pending orders older than N minutes). */
  queryDeposit(config: ProviderChannelConfig, deposit: DepositRow): Promise<ProviderPaymentStatus>;

  /** Refunds a paid deposit (all or part) by its provider transaction id. */
  refundDeposit(
    config: ProviderChannelConfig,
    deposit: DepositRow & { providerTransactionId: string },
    input: { amount: bigint; reason: string; refundId: string },
  ): Promise<ProviderRefundResult>;

  /** Sends a payout; `sent` when the provider answers asynchronously, `paid`/`failed` when it answers at once. */
  startPayout?(config: ProviderChannelConfig, payout: PayoutOrder): Promise<ProviderPayoutStatus>;
  /** The payout result callback (M-Pesa ResultURL / QueueTimeOutURL); which payout it is about, then the verified status. */
  payoutCallbackPayoutId?(request: ProviderCallbackRequest): string | null;
  verifyPayoutCallback?(
    config: ProviderChannelConfig,
    payout: PayoutOrder,
    request: ProviderCallbackRequest,
  ): Promise<ProviderPayoutStatus | null>;
  /** Status query for a payout whose result never came. */
  queryPayout?(config: ProviderChannelConfig, payout: PayoutOrder): Promise<ProviderPayoutStatus>;

  /** The member's text (BN/EN/SW) for one of the provider's failure codes (ProviderPaymentStatus.failureCode). */
  messageOf?(code: string, language: Language): string;

  /** The provider's statement of one day (UTC bounds), for reconciliation. */
  fetchStatement?(config: ProviderChannelConfig, range: { from: Date; to: Date }): Promise<StatementLine[]>;
}
