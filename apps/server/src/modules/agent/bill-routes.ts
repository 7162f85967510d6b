import {
  AGENT_PATHS,
  billsQuery,
  billsResponse,
  earningsToWalletBody,
  earningsToWalletResponse,
  idParams,
  payBillBody,
  payBillResponse,
} from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { currentMember } from '../../platform/auth';
import { requireAgent } from '../../platform/policy';
import { agentContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { idempotencyKeyOf } from '../cashier/index';
import { getMemberBalances } from '../wallet/index';
import { tags } from './agent-route-schema';
import { listOwnBills } from './list-own-contracts';
import { moveEarningsToWallet } from './move-earnings-to-wallet';
import { payBillNow } from './pay-bill-now';
import { presentBill } from './present-bill';
import { resolveReportPeriod } from './resolve-report-period';

/** Bills received and paid, paying one now, and moving contract earnings to the cash wallet. */
export async function billRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags, preValidation: requireAgent });

  route.get(
    AGENT_PATHS.bills,
    { summary: 'Bills received and paid', querystring: billsQuery, response: billsResponse },
    async (request) => {
      const ctx = agentContext(request);
      const query = request.query;
      const hasPeriod = query.preset !== undefined || query.startDate !== undefined || query.endDate !== undefined;
      const period = hasPeriod ? resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes) : null;
      return listOwnBills(ctx.db, currentMember(request).id, { side: query.side, type: query.type, status: query.status, period }, query);
    },
  );

  route.post(
    AGENT_PATHS.payBill,
    {
      summary: 'Pay now what the caller still owes on its PARTIAL or UNPAID bill (earnings, then cash)',
      params: idParams,
      body: payBillBody,
      response: payBillResponse,
      encrypted: true,
    },
    async (request) => {
      const payer = currentMember(request);
      const payment = await payBillNow(agentContext(request), payer, {
        billId: request.params.id,
        paymentPassword: request.body.paymentPassword,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
      });
      return {
        bill: presentBill(payment.bill, { payee: payment.payeeUsername, payer: payer.username }),
        paidNow: formatAmount(payment.paidNow),
        remaining: formatAmount(payment.bill.amountDue - payment.bill.amountPaid),
      };
    },
  );

  route.post(
    AGENT_PATHS.earningsToWallet,
    { summary: 'Move contract earnings into the own cash wallet', body: earningsToWalletBody, response: earningsToWalletResponse },
    async (request) => {
      const agent = currentMember(request);
      const ctx = agentContext(request);
      const posted = await moveEarningsToWallet(ctx, agent, {
        amount: request.body.amount,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
      });
      const balances = await getMemberBalances(ctx.db, { merchantId: ctx.merchant.id, memberId: agent.id });
      const moved = posted.entries.find((entry) => entry.amount > 0n)?.amount ?? 0n;
      return {
        transferId: posted.transfer.id,
        amount: formatAmount(moved),
        cashBalance: formatAmount(balances.available),
        earningsBalance: formatAmount(balances.agentEarnings),
      };
    },
  );
}
