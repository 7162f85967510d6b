import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordId, recordIdParam } from './ids';
import { amountInput, amountOutput, ledgerTransferType, memberBalancesValue } from './wallet';

/**
 * Cashier and wallet calls of the member site (deposits, withdrawals, transfers, records,
 * notifications) and the operator's approval calls. Money is a two-decimal string on the wire.
 */
export const CASHIER_PATHS = {
  balance: '/wps/v2/wallets/balance',
  transactions: '/wps/v2/wallets/transactions',
  downlines: '/wps/v2/wallets/downlines',
  transferFund: '/wps/v2/wallets/transferFund',
  transferUpline: '/wps/v2/wallets/transferUpline',
  transferInfo: '/wps/v2/wallets/transferInfo',
  depositChannels: '/wps/v2/cashier/deposit/channels',
  deposits: '/wps/v2/cashier/deposits',
  /** The member closes their own unpaid online (gateway) order. */
  depositCancel: '/wps/v2/cashier/deposits/:id/cancel',
  uploads: '/wps/v2/cashier/uploads',
  sandboxPay: '/wps/v2/cashier/sandbox/pay',
  withdrawInfo: '/wps/v2/cashier/withdraw/info',
  withdrawals: '/wps/v2/cashier/withdrawals',
  withdrawalConfirm: '/wps/v2/cashier/withdrawals/:id/confirm',
  notifications: '/wps/v2/notifications',
  notificationsRead: '/wps/v2/notifications/read',
  /** Opens one of the member's messages: marks it read and answers it with the unread count after. */
  notificationOpen: '/wps/v2/notifications/:id/open',
  /** Deletes one of the member's messages (read or not). */
  notificationDelete: '/wps/v2/notifications/:id/delete',
  /** Deletes every message the member has read. */
  notificationsDeleteRead: '/wps/v2/notifications/delete-read',
  /** Outside /wps: the site-access gate must not refuse a gateway during maintenance. */
  sandboxCallback: '/payment-callback/sandbox',
  realtime: '/ws',
} as const;

export const OPERATOR_CASHIER_PATHS = {
  deposits: '/admin-api/cashier/deposits',
  depositApprove: '/admin-api/cashier/deposits/:id/approve',
  depositReject: '/admin-api/cashier/deposits/:id/reject',
  /** Online orders only: credit one the provider paid but never called back about, with its reference. */
  depositMarkPaid: '/admin-api/cashier/deposits/:id/mark-paid',
  withdrawals: '/admin-api/cashier/withdrawals',
  withdrawalApprove: '/admin-api/cashier/withdrawals/:id/approve',
  withdrawalReject: '/admin-api/cashier/withdrawals/:id/reject',
} as const;

/** Header a client sends with every money call; a retry with the same key applies once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeyField = z
  .string()
  .regex(/^[A-Za-z0-9_:-]{8,100}$/)
  .optional();
/** The member's payment password, asked by every call that moves its money out. */
export const paymentPasswordField = z.string().min(1).max(64);
/** A paid move's own part: the amount, the payment password and the idempotency key. */
export const paidMoveFields = { amount: amountInput(), paymentPassword: paymentPasswordField, idempotencyKey: idempotencyKeyField };

export const DEPOSIT_CHANNEL_KINDS = ['bank', 'bkash', 'nagad', 'gateway'] as const;
export type DepositChannelKind = (typeof DEPOSIT_CHANNEL_KINDS)[number];

/**
 * `cancelled` (the member closed an unpaid online order) and `expired` (nobody paid it in time)
 * are online orders only; manual deposits end approved or rejected, gateway ones approved or failed.
 */
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'failed', 'cancelled', 'expired'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** The closed states a provider's signed `paid` may still arrive in: credited, marked "paid after" that state. */
export const DEPOSIT_CLOSED_UNPAID_STATUSES = ['cancelled', 'expired'] as const;
export type DepositClosedUnpaidStatus = (typeof DEPOSIT_CLOSED_UNPAID_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The member's answer after payout; `auto_received` is the merchant timeout's forced receipt. */
export const WITHDRAWAL_CONFIRMATIONS = ['awaiting', 'received', 'not_received', 'partial', 'auto_received'] as const;
export type WithdrawalConfirmation = (typeof WITHDRAWAL_CONFIRMATIONS)[number];

// The inbox's kinds and shapes are modules/inbox's (contracts/inbox.ts); the member calls keep these paths.
export {
  type DeleteNotificationsValue,
  deleteNotificationsResponse,
  deleteNotificationsValue,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  type NotificationsQuery,
  type NotificationsValue,
  type NotificationValue,
  notificationsQuery,
  notificationsResponse,
  notificationsValue,
  notificationValue,
  type OpenNotificationValue,
  openNotificationResponse,
  openNotificationValue,
  type RealtimeMessage,
  readNotificationsBody,
  realtimeMessage,
} from './inbox';

const idParams = z.object({ id: recordIdParam });
export const cashierIdParams = idParams;

// Balance
export const balanceResponse = envelopeOf(memberBalancesValue);

// Deposits
export const depositChannelValue = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  name: z.string(),
  minAmount: amountOutput,
  maxAmount: amountOutput,
  /** In the request's language. */
  instructions: z.string(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  /** The demo's SANDBOX gateway (test money; only when the demo runs with PAYMENT_SANDBOX). */
  isSandbox: z.boolean(),
  /** The payment provider of an online channel ('bkash', 'nagad', 'mpesa'; null for manual channels and the sandbox): its logo and flow. */
  provider: z.string().nullable().optional(),
});
export type DepositChannelValue = z.infer<typeof depositChannelValue>;
export const depositChannelsResponse = envelopeOf(z.array(depositChannelValue));

export const createDepositBody = z.object({
  channelId: recordId,
  amount: amountInput(),
  /** The bank / bKash / Nagad transaction id the member paid with (manual channels). */
  reference: z.string().trim().min(4).max(64).optional(),
  proofUploadId: z.string().uuid().optional(),
  idempotencyKey: idempotencyKeyField,
});

export const depositValue = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  channelKind: z.enum(DEPOSIT_CHANNEL_KINDS),
  amount: amountOutput,
  reference: z.string().nullable(),
  hasProof: z.boolean(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Gateway channels: where the member pays (the sandbox page for the sandbox gateway). */
  payUrl: z.string().nullable(),
  /** Made through the demo's SANDBOX gateway: test money, labelled so on every screen. */
  isSandbox: z.boolean(),
  /** A real provider's order ('bkash', 'mpesa'...): with payUrl the member is sent to its page; without, a prompt went to their phone. */
  provider: z.string().nullable().optional(),
  /** A provider's failed order: why, in the request's language (e.g. bKash 2023 "not enough balance"). */
  failureMessage: z.string().nullable().optional(),
  /** Online orders: unpaid by then, the order closes (`expired`). Null for manual deposits. */
  expiresAt: z.string().nullable(),
  /** The provider's signed `paid` arrived after the order was cancelled or expired: credited all the same. */
  paidAfter: z.enum(DEPOSIT_CLOSED_UNPAID_STATUSES).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type DepositValue = z.infer<typeof depositValue>;
export const depositResponse = envelopeOf(depositValue);
export const depositsResponse = envelopeOf(z.array(depositValue));

export const uploadValue = z.object({ uploadId: z.string().uuid(), contentType: z.string(), size: z.number() });
export const uploadResponse = envelopeOf(uploadValue);
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const sandboxPayBody = z.object({
  depositId: recordId,
  outcome: z.enum(['paid', 'failed']),
  /** Deliver the same signed callback twice, as real gateways do on a slow acknowledgement. */
  isDuplicated: z.boolean().optional(),
});
export const sandboxPayResponse = envelopeOf(z.object({ deposit: depositValue, deliveries: z.array(z.number()) }));

/** What the sandbox gateway posts to the callback, signed with HMAC-SHA256 over the raw body. */
export const sandboxCallbackBody = z.object({
  eventId: z.string().min(1).max(100),
  gatewayTransactionId: z.string().min(1).max(100),
  depositId: recordId,
  amount: z.string(),
  status: z.enum(['paid', 'failed']),
});
export type SandboxCallbackBody = z.infer<typeof sandboxCallbackBody>;
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const callbackResponse = z.object({ received: z.boolean(), status: z.string() });

// Withdrawals
export const withdrawInfoValue = z.object({
  bankAccounts: z.array(z.object({ id: z.number(), bankName: z.string(), accountName: z.string(), accountNumber: z.string() })),
  hasPaymentPassword: z.boolean(),
  available: amountOutput,
  minAmount: amountOutput,
  maxAmount: amountOutput,
  dailyMaxAmount: amountOutput,
  dailyMaxCount: z.number(),
  usedTodayAmount: amountOutput,
  usedTodayCount: z.number(),
  confirmTimeoutMinutes: z.number(),
});
export const withdrawInfoResponse = envelopeOf(withdrawInfoValue);

export const createWithdrawalBody = z.object({
  bankAccountId: recordId,
  ...paidMoveFields,
});

export const withdrawalValue = z.object({
  id: z.number(),
  amount: amountOutput,
  bankName: z.string(),
  accountNumber: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  confirmation: z.enum(WITHDRAWAL_CONFIRMATIONS).nullable(),
  receivedAmount: amountOutput,
  remainingAmount: amountOutput,
  /** When an unanswered payout counts as received. */
  confirmDeadline: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type WithdrawalValue = z.infer<typeof withdrawalValue>;
export const withdrawalResponse = envelopeOf(withdrawalValue);
export const withdrawalsResponse = envelopeOf(z.array(withdrawalValue));

export const confirmWithdrawalBody = z.object({
  outcome: z.enum(['received', 'not_received', 'partial']),
  /** Required for `partial`: what actually arrived. */
  receivedAmount: amountInput({ allowZero: true }).optional(),
  proofUploadId: z.string().uuid().optional(),
});

// Transfers
export const downlinesQuery = z.object({ search: z.string().trim().max(40).optional() });
export const downlineValue = z.object({ id: z.number(), username: z.string(), nickname: z.string(), depth: z.number() });
export const downlinesResponse = envelopeOf(z.array(downlineValue));

export const transferInfoValue = z.object({
  available: amountOutput,
  upline: z.object({ id: z.number(), username: z.string(), nickname: z.string() }).nullable(),
  minAmount: amountOutput,
  maxAmount: amountOutput,
  dailyMaxAmount: amountOutput,
  usedTodayAmount: amountOutput,
  hasPaymentPassword: z.boolean(),
});
export const transferInfoResponse = envelopeOf(transferInfoValue);

export const transferFundBody = z.object({
  downlineId: recordId,
  ...paidMoveFields,
});
export const transferUplineBody = z.object({
  ...paidMoveFields,
});
export const transferValue = z.object({
  id: z.number(),
  toUsername: z.string(),
  amount: amountOutput,
  balance: amountOutput,
  createdAt: z.string(),
});
export const transferResponse = envelopeOf(transferValue);

// Records
export const transactionsQuery = z.object({
  type: ledgerTransferType.optional(),
  /** ISO date-times; `to` is exclusive. */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const transactionValue = z.object({
  id: z.number(),
  type: ledgerTransferType,
  amount: amountOutput,
  balanceAfter: amountOutput,
  createdAt: z.string(),
  description: z.string().nullable(),
});
export const transactionsValue = z.object({
  items: z.array(transactionValue),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totals: z.object({ credited: amountOutput, debited: amountOutput, net: amountOutput }),
});
export type TransactionsValue = z.infer<typeof transactionsValue>;
export const transactionsResponse = envelopeOf(transactionsValue);

// Operator
export const operatorListQuery = z.object({
  status: z.string().optional(),
  merchant: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const operatorDepositValue = depositValue.extend({ merchantCode: z.string(), memberId: z.number(), username: z.string() });
export const operatorDepositsResponse = envelopeOf(z.array(operatorDepositValue));
export const operatorDepositResponse = envelopeOf(operatorDepositValue);
export const operatorWithdrawalValue = withdrawalValue.extend({
  merchantCode: z.string(),
  memberId: z.number(),
  username: z.string(),
  accountName: z.string(),
});
export const operatorWithdrawalsResponse = envelopeOf(z.array(operatorWithdrawalValue));
export const operatorWithdrawalResponse = envelopeOf(operatorWithdrawalValue);
export const operatorReviewBody = z.object({ note: z.string().trim().max(200).optional() });
/** Marking an online order paid by hand: the provider's own payment reference and why, both required. */
export const operatorMarkPaidBody = z.object({
  reference: z.string().trim().min(4).max(64),
  note: z.string().trim().min(3).max(200),
});
