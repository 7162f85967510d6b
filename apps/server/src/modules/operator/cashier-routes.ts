import path from 'node:path';
import {
  cashierIdParams,
  OPERATOR_CASHIER_PATHS,
  operatorDepositResponse,
  operatorDepositsResponse,
  operatorListQuery,
  operatorMarkPaidBody,
  operatorReviewBody,
  operatorWithdrawalResponse,
  operatorWithdrawalsResponse,
} from '@kismat/contracts/cashier';
import { OPERATOR_ACCOUNT_PATHS, operatorRejectBody } from '@kismat/contracts/operator-accounts';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { bearerSecurity as security } from '../../platform/route-docs';
import {
  approveDeposit,
  approveWithdrawal,
  findDepositProof,
  findQueueDeposit,
  findQueueWithdrawal,
  findReviewTarget,
  listQueueDeposits,
  listQueueWithdrawals,
  markDepositPaid,
  type ReviewQueueFilter,
  rejectDeposit,
  rejectWithdrawal,
} from '../cashier/index';
import { assertNoOpenRiskFlags } from '../risk/index';
import { type CashierReview, reviewCashierRequest } from './review-cashier-request';

const tags = ['operator'];

/** Cashier approvals for operators: list pending deposits and withdrawals, approve or reject them. */
export async function registerOperatorCashierRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(app, { tags });
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));

  /** The list filter: a status (default pending), an optional merchant code, and a scoped operator's own merchant only. */
  function listFilter(request: FastifyRequest, query: { status?: string | undefined; merchant?: string | undefined }): ReviewQueueFilter {
    return { status: query.status, merchantCode: query.merchant, scopeMerchantId: currentOperator(request).merchantId };
  }

  /** The spec of one list call: read role, the list query. */
  function listCall<Response extends ZodType>(summary: string, response: Response) {
    return { summary, querystring: operatorListQuery, response, guard: operatorGuard('read') };
  }

  /**
   * One approve, reject or mark-paid route: money role, the request id in the path, a note (and for
   * mark-paid the provider's reference) in the body. The
   * cashier operation runs inside one outer transaction with its audit row, so the action and its
   * record commit together; the member's /ws push is sent after that commit. The answer is the
   * request as the queue lists it.
   */
  function postReview<Result extends { isReplay: boolean }>(
    url: string,
    call: { summary: string; body: typeof operatorReviewBody | typeof operatorRejectBody | typeof operatorMarkPaidBody },
    review: CashierReview<Result> & { type: keyof typeof reviewed },
  ): void {
    const { response, load } = reviewed[review.type];
    route.post(
      url,
      { summary: call.summary, params: cashierIdParams, body: call.body, response, guard: operatorGuard('money') },
      async (request) => {
        const { id } = request.params;
        const reference = 'reference' in request.body ? request.body.reference : undefined;
        await reviewCashierRequest(
          { db: root.db, realtime: root.realtime, now: root.now() },
          request,
          currentOperator(request),
          { type: review.type, id, note: request.body.note, reference },
          review,
        );
        return await load(id);
      },
    );
  }

  async function orNotFound<Row>(row: Promise<Row | undefined>): Promise<Row> {
    const found = await row;
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  route.get(
    OPERATOR_CASHIER_PATHS.deposits,
    listCall('Deposits (default: pending)', operatorDepositsResponse),
    async (request) => await listQueueDeposits(root.db, listFilter(request, request.query), request.query.limit),
  );

  app.get(
    OPERATOR_ACCOUNT_PATHS.depositProof,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags,
        security,
        summary: "The member's proof image of a deposit (png or jpg)",
        params: cashierIdParams,
      },
    },
    async (request, reply) => {
      const proof = await findDepositProof(root.db, request.params.id);
      if (!proof) throw new AppError('NOT_FOUND');
      assertMerchantScope(currentOperator(request), proof.merchantId);
      const bytes = await storage.read(proof.storageKey);
      // Members uploaded these bytes: never let a browser sniff them into something executable.
      return reply
        .header('content-type', proof.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  const reviewed = {
    deposit: { response: operatorDepositResponse, load: (id: number) => orNotFound(findQueueDeposit(root.db, id)) },
    withdrawal: { response: operatorWithdrawalResponse, load: (id: number) => orNotFound(findQueueWithdrawal(root.db, id)) },
  };

  postReview(
    OPERATOR_CASHIER_PATHS.depositApprove,
    { summary: 'Approve a pending deposit: credits the member once (repeats replay)', body: operatorReviewBody },
    {
      type: 'deposit',
      action: 'deposit.approved',
      run: (deps, { id, reviewedBy, note }) => approveDeposit(deps, { depositId: id, reviewedBy, note, by: 'operator' }),
      detail: (result) => ({
        after: { status: result.deposit.status, ledgerTransferId: result.deposit.ledgerTransferId },
        amount: formatAmount(result.deposit.amount),
      }),
    },
  );

  postReview(
    OPERATOR_CASHIER_PATHS.depositMarkPaid,
    {
      summary: "Online orders only: credit one the provider paid without calling back, with the provider's payment reference",
      body: operatorMarkPaidBody,
    },
    {
      type: 'deposit',
      action: 'deposit.marked_paid',
      run: (deps, { id, reviewedBy, note, reference }) =>
        markDepositPaid(deps, { depositId: id, reviewedBy, note: note ?? '', reference: reference ?? '' }),
      detail: (result) => ({
        after: { status: result.deposit.status, ledgerTransferId: result.deposit.ledgerTransferId, paidAfter: result.deposit.paidAfter },
        reference: result.deposit.reference,
        amount: formatAmount(result.deposit.amount),
      }),
    },
  );

  postReview(
    OPERATOR_CASHIER_PATHS.depositReject,
    { summary: 'Reject a pending deposit with a reason (repeats replay)', body: operatorRejectBody },
    {
      type: 'deposit',
      action: 'deposit.rejected',
      run: (deps, { id, reviewedBy, note }) => rejectDeposit(deps, { depositId: id, reviewedBy, note, status: 'rejected' }),
      detail: (result) => ({ after: { status: result.deposit.status }, amount: formatAmount(result.deposit.amount) }),
    },
  );

  route.get(
    OPERATOR_CASHIER_PATHS.withdrawals,
    listCall('Withdrawals (default: pending)', operatorWithdrawalsResponse),
    async (request) => await listQueueWithdrawals(root.db, listFilter(request, request.query), request.query.limit),
  );

  /** A withdrawal's audit detail: the status it moved to and its amount. */
  const withdrawalDetail = (result: { withdrawal: { status: string; amount: bigint }; isReplay: boolean }) => ({
    after: { status: result.withdrawal.status },
    amount: formatAmount(result.withdrawal.amount),
  });

  postReview(
    OPERATOR_CASHIER_PATHS.withdrawalApprove,
    { summary: 'Approve a pending withdrawal (approve = disbursed; repeats replay)', body: operatorReviewBody },
    {
      type: 'withdrawal',
      action: 'withdrawal.approved',
      run: async (deps, { id, reviewedBy, note }) => {
        // A flagged member's withdrawal waits for the flags' review (issue 19); a replay of one
        // already approved answers as before.
        const target = await findReviewTarget(deps.db, 'withdrawal', id);
        if (target?.status === 'pending') await assertNoOpenRiskFlags(deps.db, target.memberId);
        return approveWithdrawal(deps, { withdrawalId: id, reviewedBy, note });
      },
      detail: withdrawalDetail,
    },
  );

  postReview(
    OPERATOR_CASHIER_PATHS.withdrawalReject,
    { summary: 'Reject a pending withdrawal with a reason: the hold is released (repeats replay)', body: operatorRejectBody },
    {
      type: 'withdrawal',
      action: 'withdrawal.rejected',
      run: (deps, { id, reviewedBy, note }) => rejectWithdrawal(deps, { withdrawalId: id, reviewedBy, note }),
      detail: withdrawalDetail,
    },
  );
}
