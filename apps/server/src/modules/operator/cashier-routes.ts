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
import { errorEnvelope } from '@kismat/contracts/envelope';
import { OPERATOR_ACCOUNT_PATHS, operatorRejectBody } from '@kismat/contracts/operator-accounts';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { bankAccounts, members } from '../../db/schema/accounts';
import { cashierUploads, depositChannels, depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import {
  approveDeposit,
  approveWithdrawal,
  markDepositPaid,
  presentDeposit,
  presentWithdrawal,
  rejectDeposit,
  rejectWithdrawal,
} from '../cashier/index';
import { deferRealtime } from './defer-realtime';

const tags = ['operator'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** Cashier approvals for operators: list pending deposits and withdrawals, approve or reject them. */
export async function registerOperatorCashierRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));

  const requestTables = { deposit: depositRequests, withdrawal: withdrawalRequests };

  /** The list filter: a status (default pending), an optional merchant code, and a scoped operator's own merchant only. */
  function listFilter(
    request: FastifyRequest,
    table: typeof depositRequests | typeof withdrawalRequests,
    query: { status?: string | undefined; merchant?: string | undefined },
  ): SQL | undefined {
    const { merchantId } = currentOperator(request);
    return and(
      eq(table.status, query.status ?? 'pending'),
      query.merchant ? eq(merchants.code, query.merchant) : undefined,
      merchantId === null ? undefined : eq(table.merchantId, merchantId),
    );
  }

  /** The schema of one list route: read role, the list query. */
  function listRoute<Response extends ZodType>(summary: string, response: Response) {
    return {
      onRequest: operatorGuard('read'),
      schema: { tags, security, summary, querystring: operatorListQuery, response: { 200: response, ...errors } },
    };
  }

  type ReviewDeps = { db: Db; realtime: typeof root.realtime; now: Date };

  /**
   * One approve, reject or mark-paid route: money role, the request id in the path, a note (and for
   * mark-paid the provider's reference) in the body. The
   * cashier operation runs inside one outer transaction with its audit row, so the action and its
   * record commit together; the member's /ws push is sent after that commit. The answer is the
   * request as the queue lists it.
   */
  function postReview<Result extends { isReplay: boolean }>(
    url: string,
    route: { summary: string; body: typeof operatorReviewBody | typeof operatorRejectBody | typeof operatorMarkPaidBody },
    review: {
      type: keyof typeof requestTables;
      action: string;
      run: (
        deps: ReviewDeps,
        input: { id: number; reviewedBy: string; note: string | undefined; reference: string | undefined },
      ) => Promise<Result>;
      detail: (result: Result) => Record<string, unknown>;
    },
  ): void {
    const { response, load } = reviewed[review.type];
    app.post(
      url,
      {
        onRequest: operatorGuard('money'),
        schema: {
          tags,
          security,
          summary: route.summary,
          params: cashierIdParams,
          body: route.body,
          response: { 200: response, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const note = request.body.note;
        const reference = 'reference' in request.body ? request.body.reference : undefined;
        const table = requestTables[review.type];
        const [target] = await root.db
          .select({ merchantId: table.merchantId, memberId: table.memberId, status: table.status })
          .from(table)
          .where(eq(table.id, id));
        if (!target) throw new AppError('NOT_FOUND');
        const operator = currentOperator(request);
        assertMerchantScope(operator, target.merchantId);
        const realtime = deferRealtime(root.realtime);
        await root.db.transaction(async (tx) => {
          const outcome = await review.run(
            { db: tx as unknown as Db, realtime: realtime.hub, now: root.now() },
            { id, reviewedBy: operator.username, note, reference },
          );
          // A replay moved nothing and was audited the first time.
          if (!outcome.isReplay) {
            await recordOperatorAudit(tx, request, operator, {
              action: review.action,
              targetType: review.type,
              targetId: id,
              merchantId: target.merchantId,
              memberId: target.memberId,
              reason: note ?? null,
              detail: { before: { status: target.status }, ...review.detail(outcome) },
            });
          }
        });
        await realtime.flush();
        return ok(request, await load(id));
      },
    );
  }

  async function firstOrNotFound<Row>(rows: Promise<Row[]>): Promise<Row> {
    const [row] = await rows;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function loadDeposits(where: SQL | undefined, limit: number) {
    const rows = await root.db
      .select({ deposit: depositRequests, channel: depositChannels, merchantCode: merchants.code, username: members.username })
      .from(depositRequests)
      .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
      .innerJoin(merchants, eq(merchants.id, depositRequests.merchantId))
      .innerJoin(members, eq(members.id, depositRequests.memberId))
      .where(where)
      .orderBy(desc(depositRequests.id))
      .limit(limit);
    return rows.map((row) => ({
      ...presentDeposit(row.deposit, row.channel, 'EN'),
      merchantCode: row.merchantCode,
      memberId: row.deposit.memberId,
      username: row.username,
    }));
  }

  async function loadWithdrawals(where: SQL | undefined, limit: number) {
    const rows = await root.db
      .select({ withdrawal: withdrawalRequests, bank: bankAccounts, merchantCode: merchants.code, username: members.username })
      .from(withdrawalRequests)
      .innerJoin(bankAccounts, eq(bankAccounts.id, withdrawalRequests.bankAccountId))
      .innerJoin(merchants, eq(merchants.id, withdrawalRequests.merchantId))
      .innerJoin(members, eq(members.id, withdrawalRequests.memberId))
      .where(where)
      .orderBy(desc(withdrawalRequests.id))
      .limit(limit);
    // The operator disburses to this account, so it sees the full number.
    return rows.map((row) => ({
      ...presentWithdrawal(row.withdrawal, row.bank, false),
      merchantCode: row.merchantCode,
      memberId: row.withdrawal.memberId,
      username: row.username,
      accountName: row.bank.accountName,
    }));
  }

  app.get(OPERATOR_CASHIER_PATHS.deposits, listRoute('Deposits (default: pending)', operatorDepositsResponse), async (request) => {
    return ok(request, await loadDeposits(listFilter(request, depositRequests, request.query), request.query.limit));
  });

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
      const [row] = await root.db
        .select({ merchantId: depositRequests.merchantId, upload: cashierUploads })
        .from(depositRequests)
        .innerJoin(cashierUploads, eq(cashierUploads.id, depositRequests.proofUploadId))
        .where(eq(depositRequests.id, request.params.id));
      if (!row) throw new AppError('NOT_FOUND');
      assertMerchantScope(currentOperator(request), row.merchantId);
      const bytes = await storage.read(row.upload.storageKey);
      // Members uploaded these bytes: never let a browser sniff them into something executable.
      return reply
        .header('content-type', row.upload.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  const reviewed = {
    deposit: { response: operatorDepositResponse, load: (id: number) => firstOrNotFound(loadDeposits(eq(depositRequests.id, id), 1)) },
    withdrawal: {
      response: operatorWithdrawalResponse,
      load: (id: number) => firstOrNotFound(loadWithdrawals(eq(withdrawalRequests.id, id), 1)),
    },
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

  app.get(OPERATOR_CASHIER_PATHS.withdrawals, listRoute('Withdrawals (default: pending)', operatorWithdrawalsResponse), async (request) => {
    return ok(request, await loadWithdrawals(listFilter(request, withdrawalRequests, request.query), request.query.limit));
  });

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
      run: (deps, { id, reviewedBy, note }) => approveWithdrawal(deps, { withdrawalId: id, reviewedBy, note }),
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
