/*
 * Nagad's merchant API as published (Nagad "Online Payment API Integration Guide" v3.x and the
 * sample integrations Nagad hands to merchants): paths, headers, bodies and states. Kept in one
 * file so the client (nagad-client.ts) and the LOCAL FAKE (fake-nagad.ts) speak the same words.
 * What Nagad does not publish (payout, statement) is marked ASSUMED and explained in docs/payments.md.
 */

export const NAGAD_PATHS = {
  initialize: (merchantId: string, orderId: string) => `/api/dfs/check-out/initialize/${merchantId}/${orderId}`,
  complete: (paymentReferenceId: string) => `/api/dfs/check-out/complete/${paymentReferenceId}`,
  verify: (paymentReferenceId: string) => `/api/dfs/verify/payment/${paymentReferenceId}`,
  /** ASSUMED: Nagad's disbursement API is given to merchants under contract, not published. */
  disburse: (merchantId: string, disbursementId: string) => `/api/dfs/disbursement/initiate/${merchantId}/${disbursementId}`,
  disbursementStatus: (disbursementReferenceId: string) => `/api/dfs/disbursement/status/${disbursementReferenceId}`,
  /** ASSUMED: the merchant portal's daily settlement report, fetched as its CSV. */
  statement: (merchantId: string, day: string) => `/api/dfs/merchant/statement/${merchantId}/${day}`,
} as const;

/** Every call carries these (the guide's "Header Parameters"). */
export const NAGAD_API_VERSION = 'v-0.2.0';
export type NagadClientType = 'PC_WEB' | 'MOBILE_WEB' | 'MOBILE_APP' | 'WALLET_WEB_VIEW' | 'BILL_KEY';

/** BDT's ISO 4217 numeric code, the only currency the checkout takes. */
export const NAGAD_CURRENCY_BDT = '050';

/** The signed, encrypted envelope every sensitive request and answer travels in. */
export interface NagadEnvelope {
  sensitiveData: string;
  signature: string;
}

export interface InitializeRequestBody extends NagadEnvelope {
  accountNumber?: string;
  dateTime: string;
}
export interface InitializeSensitive {
  merchantId: string;
  datetime: string;
  orderId: string;
  challenge: string;
}
export interface InitializeAnswerSensitive {
  paymentReferenceId: string;
  challenge: string;
  acceptDateTime: string;
}

export interface CompleteRequestBody extends NagadEnvelope {
  merchantCallbackURL: string;
  additionalMerchantInfo?: Record<string, string>;
}
export interface CompleteSensitive {
  merchantId: string;
  orderId: string;
  currencyCode: string;
  /** Taka with two decimals, as text ("50.55"). */
  amount: string;
  challenge: string;
}
export interface CompleteAnswer {
  status: string;
  callBackUrl?: string;
  reason?: string;
  message?: string;
}

/** The verify answer (plain JSON, over TLS, as published). */
export interface VerifyAnswer {
  merchantId: string;
  orderId: string;
  paymentRefId: string;
  amount: string;
  clientMobileNo: string | null;
  merchantMobileNo: string | null;
  orderDateTime: string | null;
  issuerPaymentDateTime: string | null;
  issuerPaymentRefNo: string | null;
  additionalMerchantInfo: string | null;
  status: NagadPaymentStatus;
  statusCode: string;
}

/** The payment states the verify call publishes. */
export const NAGAD_PAYMENT_STATUSES = [
  'Success',
  'OrderInitiated',
  'Ready',
  'InProgress',
  'Cancelled',
  'InvalidRequest',
  'Fraud',
  'Aborted',
  'UnKnownFailed',
  'Failed',
] as const;
export type NagadPaymentStatus = (typeof NAGAD_PAYMENT_STATUSES)[number];

/** Still open at Nagad: the member may yet pay. */
export function isNagadPending(status: string): boolean {
  return status === 'OrderInitiated' || status === 'Ready' || status === 'InProgress';
}
export function isNagadPaid(status: string): boolean {
  return status === 'Success';
}

/** Nagad's error answer (HTTP 4xx/5xx): `{ reason, message }`. */
export interface NagadErrorAnswer {
  reason: string;
  message: string;
}

/** ASSUMED payout request, in the same envelope as the checkout. */
export interface DisburseSensitive {
  merchantId: string;
  disbursementId: string;
  /** The member's Nagad wallet (11-digit mobile number). */
  recipientAccount: string;
  amount: string;
  currencyCode: string;
  datetime: string;
  challenge: string;
}
export type NagadDisbursementStatus = 'Success' | 'Pending' | 'Failed' | 'Reversed';
export interface DisburseAnswerSensitive {
  disbursementId: string;
  disbursementReferenceId: string;
  status: NagadDisbursementStatus;
  statusCode: string;
  challenge: string;
}

/** ASSUMED statement CSV header (the merchant portal's transaction report columns). */
export const NAGAD_STATEMENT_COLUMNS = [
  'Txn Type',
  'Order ID',
  'Payment Ref ID',
  'Issuer Ref',
  'Amount',
  'Status',
  'Txn Date Time',
] as const;

/** "50.55" <-> 5055n: Nagad's amounts are taka with two decimals. */
export function formatNagadAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
export function parseNagadAmount(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}
