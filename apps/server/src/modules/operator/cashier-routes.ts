import path from 'node:path';
import {
  cashierIdParams,
  OPERATOR_CASHIER_PATHS,
  operatorDepositResponse,
  operatorDepositsResponse,
  operatorListQuery,
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
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { approveDeposit } from '../cashier/approve-deposit';
import { approveWithdrawal } from '../cashier/approve-withdrawal';
import { presentDeposit } from '../cashier/deposit-queries';
import { LocalDiskStorage } from '../cashier/file-storage';
import { rejectDeposit } from '../cashier/reject-deposit';
import { rejectWithdrawal } from '../cashier/reject-withdrawal';
import { presentWithdrawal } from '../cashier/withdrawal-queries';
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

  /** The schema of one approve/reject route: money role, the request id in the path, a note in the body. */
  function reviewRoute<Body extends ZodType, Response extends ZodType>(summary: string, body: Body, response: Response) {
    return {
      onRequest: operatorGuard('money'),
      schema: { tags, security, summary, params: cashierIdParams, body, response: { 200: response, ...errors } },
    };
  }

  /**
   * Runs a cashier operation inside one outer transaction with its audit row, so the action and
   * its record commit together; the member's /ws push is sent after that commit.
   */
  async function reviewAudited<T extends { isReplay: boolean }>(
    request: FastifyRequest,
    type: keyof typeof requestTables,
    id: number,
    action: string,
    run: (deps: { db: Db; realtime: typeof root.realtime; now: Date }, reviewedBy: string) => Promise<T>,
    detail: (result: T) => Record<string, unknown>,
  ): Promise<T> {
    const table = requestTables[type];
    const [target] = await root.db.select({ merchantId: table.merchantId, memberId: table.memberId }).from(table).where(eq(table.id, id));
    if (!target) throw new AppError('NOT_FOUND');
    const operator = currentOperator(request);
    assertMerchantScope(operator, target.merchantId);
    const realtime = deferRealtime(root.realtime);
    const result = await root.db.transaction(async (tx) => {
      const outcome = await run({ db: tx as unknown as Db, realtime: realtime.hub, now: root.now() }, operator.username);
      // A replay moved nothing and was audited the first time.
      if (!outcome.isReplay) {
        await recordOperatorAudit(tx, request, operator, {
          action,
          targetType: type,
          targetId: id,
          merchantId: target.merchantId,
          memberId: target.memberId,
          reason: (request.body as { note?: string } | undefined)?.note ?? null,
          detail: { before: { status: 'pending' }, ...detail(outcome) },
        });
      }
      return outcome;
    });
    await realtime.flush();
    return result;
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

  app.post(
    OPERATOR_CASHIER_PATHS.depositApprove,
    reviewRoute('Approve a pending deposit: credits the member once (repeats replay)', operatorReviewBody, operatorDepositResponse),
    async (request) => {
      const { id } = request.params;
      await reviewAudited(
        request,
        'deposit',
        id,
        'deposit.approved',
        (deps, reviewedBy) => approveDeposit(deps, { depositId: id, reviewedBy, note: request.body.note }),
        (result) => ({
          after: { status: result.deposit.status, ledgerTransferId: result.deposit.ledgerTransferId },
          amount: formatAmount(result.deposit.amount),
        }),
      );
      return ok(request, await firstOrNotFound(loadDeposits(eq(depositRequests.id, id), 1)));
    },
  );

  app.post(
    OPERATOR_CASHIER_PATHS.depositReject,
    reviewRoute('Reject a pending deposit with a reason (repeats replay)', operatorRejectBody, operatorDepositResponse),
    async (request) => {
      const { id } = request.params;
      await reviewAudited(
        request,
        'deposit',
        id,
        'deposit.rejected',
        (deps, reviewedBy) => rejectDeposit(deps, { depositId: id, reviewedBy, note: request.body.note, status: 'rejected' }),
        (result) => ({ after: { status: result.deposit.status }, amount: formatAmount(result.deposit.amount) }),
      );
      return ok(request, await firstOrNotFound(loadDeposits(eq(depositRequests.id, id), 1)));
    },
  );

  app.get(OPERATOR_CASHIER_PATHS.withdrawals, listRoute('Withdrawals (default: pending)', operatorWithdrawalsResponse), async (request) => {
    return ok(request, await loadWithdrawals(listFilter(request, withdrawalRequests, request.query), request.query.limit));
  });

  app.post(
    OPERATOR_CASHIER_PATHS.withdrawalApprove,
    reviewRoute('Approve a pending withdrawal (approve = disbursed; repeats replay)', operatorReviewBody, operatorWithdrawalResponse),
    async (request) => {
      const { id } = request.params;
      await reviewAudited(
        request,
        'withdrawal',
        id,
        'withdrawal.approved',
        (deps, reviewedBy) => approveWithdrawal(deps, { withdrawalId: id, reviewedBy, note: request.body.note }),
        (result) => ({ after: { status: result.withdrawal.status }, amount: formatAmount(result.withdrawal.amount) }),
      );
      return ok(request, await firstOrNotFound(loadWithdrawals(eq(withdrawalRequests.id, id), 1)));
    },
  );

  app.post(
    OPERATOR_CASHIER_PATHS.withdrawalReject,
    reviewRoute(
      'Reject a pending withdrawal with a reason: the hold is released (repeats replay)',
      operatorRejectBody,
      operatorWithdrawalResponse,
    ),
    async (request) => {
      const { id } = request.params;
      await reviewAudited(
        request,
        'withdrawal',
        id,
        'withdrawal.rejected',
        (deps, reviewedBy) => rejectWithdrawal(deps, { withdrawalId: id, reviewedBy, note: request.body.note }),
        (result) => ({ after: { status: result.withdrawal.status }, amount: formatAmount(result.withdrawal.amount) }),
      );
      return ok(request, await firstOrNotFound(loadWithdrawals(eq(withdrawalRequests.id, id), 1)));
    },
  );
}
