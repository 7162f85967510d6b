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
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankAccounts, members } from '../../db/schema/accounts';
import { depositChannels, depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireOperator } from '../../platform/operator-auth';
import { approveDeposit } from '../cashier/approve-deposit';
import { approveWithdrawal } from '../cashier/approve-withdrawal';
import { presentDeposit } from '../cashier/deposit-queries';
import { rejectDeposit } from '../cashier/reject-deposit';
import { rejectWithdrawal } from '../cashier/reject-withdrawal';
import { presentWithdrawal } from '../cashier/withdrawal-queries';

const tags = ['operator'];
const security = [{ bearer: [] }];
// The bootstrap token is the only operator credential so far; actions are attributed to it.
const REVIEWER = 'operator-token';

/** Cashier approvals for operators: list pending deposits and withdrawals, approve or reject them. */
export async function registerOperatorCashierRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const onRequest = async (request: FastifyRequest) => requireOperator(request);
  const deps = () => ({ db: root.db, realtime: root.realtime, now: root.now() });

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

  app.get(
    OPERATOR_CASHIER_PATHS.deposits,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Deposits (default: pending)',
        querystring: operatorListQuery,
        response: { 200: operatorDepositsResponse },
      },
    },
    async (request) => {
      const { status = 'pending', merchant, limit } = request.query;
      return ok(
        request,
        await loadDeposits(and(eq(depositRequests.status, status), merchant ? eq(merchants.code, merchant) : undefined), limit),
      );
    },
  );

  for (const [url, action] of [
    [OPERATOR_CASHIER_PATHS.depositApprove, 'approve'],
    [OPERATOR_CASHIER_PATHS.depositReject, 'reject'],
  ] as const) {
    app.post(
      url,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `${action} a pending deposit (once; repeats replay)`,
          params: cashierIdParams,
          body: operatorReviewBody,
          response: { 200: operatorDepositResponse },
        },
      },
      async (request) => {
        const input = { depositId: request.params.id, reviewedBy: REVIEWER, note: request.body.note };
        if (action === 'approve') await approveDeposit(deps(), input);
        else await rejectDeposit(deps(), { ...input, status: 'rejected' });
        const [row] = await loadDeposits(eq(depositRequests.id, request.params.id), 1);
        if (!row) throw new AppError('NOT_FOUND');
        return ok(request, row);
      },
    );
  }

  app.get(
    OPERATOR_CASHIER_PATHS.withdrawals,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Withdrawals (default: pending)',
        querystring: operatorListQuery,
        response: { 200: operatorWithdrawalsResponse },
      },
    },
    async (request) => {
      const { status = 'pending', merchant, limit } = request.query;
      return ok(
        request,
        await loadWithdrawals(and(eq(withdrawalRequests.status, status), merchant ? eq(merchants.code, merchant) : undefined), limit),
      );
    },
  );

  for (const [url, action] of [
    [OPERATOR_CASHIER_PATHS.withdrawalApprove, 'approve'],
    [OPERATOR_CASHIER_PATHS.withdrawalReject, 'reject'],
  ] as const) {
    app.post(
      url,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `${action} a pending withdrawal (approve = disbursed)`,
          params: cashierIdParams,
          body: operatorReviewBody,
          response: { 200: operatorWithdrawalResponse },
        },
      },
      async (request) => {
        const input = { withdrawalId: request.params.id, reviewedBy: REVIEWER, note: request.body.note };
        if (action === 'approve') await approveWithdrawal(deps(), input);
        else await rejectWithdrawal(deps(), input);
        const [row] = await loadWithdrawals(eq(withdrawalRequests.id, request.params.id), 1);
        if (!row) throw new AppError('NOT_FOUND');
        return ok(request, row);
      },
    );
  }
}
