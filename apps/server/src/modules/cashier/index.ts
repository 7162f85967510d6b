/*
 * The cashier module's public face: the operations and reads other modules may use. Files
 * outside modules/cashier/ import only this file (modules/boundaries.test.ts checks it).
 */

// The payment password is the member's (member/check-payment-password.ts); re-exported for callers of the cashier's face.
export { checkPaymentPassword } from '../member/index';
export { approveDeposit } from './approve-deposit';
export { approveWithdrawal } from './approve-withdrawal';
export { autoConfirmWithdrawalsJob } from './auto-confirm-withdrawals';
export { changePaymentProvider } from './change-payment-provider';
export { presentDeposit } from './deposit-queries';
export { expireOnlineDepositsJob } from './expire-online-deposits';
export { hasEarlierCreditedDeposit } from './has-earlier-credited-deposit';
export { idempotencyKeyOf, requestHashOf } from './idempotency-key';
export { listMemberCashierRequests, type MemberCashierRequest } from './list-member-cashier-requests';
export { listPaymentProviders, presentPaymentProvider } from './list-payment-providers';
export { listPendingWithdrawalsWithDeposits, type WithdrawalWithDeposits } from './list-pending-withdrawals-with-deposits';
export {
  findDepositProof,
  findQueueDeposit,
  findQueueWithdrawal,
  findReviewTarget,
  listQueueDeposits,
  listQueueWithdrawals,
  type ReviewQueueFilter,
} from './list-review-queue';
export { markDepositPaid } from './mark-deposit-paid';
export type { MemberTransferRow } from './move-member-funds';
export type {
  PaymentProvider,
  PayoutOrder,
  ProviderCallbackReply,
  ProviderCallbackRequest,
  ProviderChannelConfig,
  ProviderPaymentStatus,
  ProviderPayoutStatus,
  ProviderRefundResult,
  StartedDeposit,
  StatementLine,
} from './payment-provider';
export { ProviderError } from './payment-provider';
export { providerConfigOf } from './provider-deposit-queries';
export { listProviders, providerOf } from './provider-registry';
export { FAKE_DARAJA_PIN, FAKE_DARAJA_PREFIX } from './providers/mpesa/fake-daraja';
export { seedMpesaChannel } from './providers/mpesa/seed-mpesa-channel';
export { registerFakeNagadRoutes } from './providers/nagad/mount-fake-nagad';
export { seedNagadChannel } from './providers/nagad/seed-nagad-channel';
export { queryProviderDeposits, queryProviderDepositsJob } from './query-provider-deposits';
export { queryProviderPayouts, queryProviderPayoutsJob } from './query-provider-payouts';
export { reconcilePayments, reconcilePaymentsJob } from './reconcile-payments-job';
export { findReconciliationMismatch, listReconciliationMismatches, listReconciliationRuns } from './reconcile-queries';
export { refundProviderDeposit } from './refund-provider-deposit';
export { rejectDeposit } from './reject-deposit';
export { rejectWithdrawal } from './reject-withdrawal';
export { resolveReconciliationMismatch } from './resolve-reconciliation-mismatch';
export { disableSandboxChannels, seedDepositChannels } from './seed-deposit-channels';
export { type MoneyFlows, sumApprovedRequests } from './sum-approved-requests';
export { transferFund } from './transfer-fund';
export { findUpline, transferUpline } from './transfer-upline';
export { presentWithdrawal } from './withdrawal-queries';
