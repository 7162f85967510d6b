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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { agentContext } from '../../platform/request-context';
import { idempotencyKeyOf } from '../cashier/index';
import { getMemberBalances } from '../wallet/index';
import { agentOnly, errors, security, tags } from './agent-route-schema';
import { listOwnBills } from './list-own-contracts';
import { moveEarningsToWallet } from './move-earnings-to-wallet';
import { payBillNow } from './pay-bill-now';
import { presentBill } from './present-bill';
import { resolveReportPeriod } from './resolve-report-period';

/** Bills received and paid, paying one now, and moving contract earnings to the cash wallet. */
export async function billRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    AGENT_PATHS.bills,
    {
      ...agentOnly,
      schema: { tags, security, summary: 'Bills received and paid', querystring: billsQuery, response: { 200: billsResponse, ...errors } },
    },
    async (request) => {
      const ctx = agentContext(request);
      const query = request.query;
      const hasPeriod = query.preset !== undefined || query.startDate !== undefined || query.endDate !== undefined;
      const period = hasPeriod ? resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes) : null;
      const bills = await listOwnBills(
        ctx.db,
        currentMember(request).id,
        { side: query.side, type: query.type, status: query.status, period },
        query,
      );
      return ok(request, bills);
    },
  );

  app.post(
    AGENT_PATHS.payBill,
    {
      ...agentOnly,
      config: { encrypted: true },
      schema: {
        tags,
        security,
        summary: 'Pay now what the caller still owes on its PARTIAL or UNPAID bill (earnings, then cash)',
        params: idParams,
        body: payBillBody,
        response: { 200: payBillResponse, ...errors },
      },
    },
    async (request) => {
      const payer = currentMember(request);
      const payment = await payBillNow(agentContext(request), payer, {
        billId: request.params.id,
        paymentPassword: request.body.paymentPassword,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
      });
      return ok(request, {
        bill: presentBill(payment.bill, { payee: payment.payeeUsername, payer: payer.username }),
        paidNow: formatAmount(payment.paidNow),
        remaining: formatAmount(payment.bill.amountDue - payment.bill.amountPaid),
      });
    },
  );

  app.post(
    AGENT_PATHS.earningsToWallet,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Move contract earnings into the own cash wallet',
        body: earningsToWalletBody,
        response: { 200: earningsToWalletResponse, ...errors },
      },
    },
    async (request) => {
      const agent = currentMember(request);
      const ctx = agentContext(request);
      const posted = await moveEarningsToWallet(ctx, agent, {
        amount: request.body.amount,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
      });
      const balances = await getMemberBalances(ctx.db, { merchantId: ctx.merchant.id, memberId: agent.id });
      const moved = posted.entries.find((entry) => entry.amount > 0n)?.amount ?? 0n;
      return ok(request, {
        transferId: posted.transfer.id,
        amount: formatAmount(moved),
        cashBalance: formatAmount(balances.available),
        earningsBalance: formatAmount(balances.agentEarnings),
      });
    },
  );
}
