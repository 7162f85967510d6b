import path from 'node:path';
import {
  AGENT_PATHS,
  agentAnnouncementsResponse,
  agentHomeResponse,
  billsQuery,
  billsResponse,
  CONTRACT_RELAY_PATHS,
  CONTRACT_TYPES,
  contractRelayBody,
  contractRelayResponse,
  contractResponse,
  createInvitationBody,
  downlineDetailQuery,
  downlineDetailResponse,
  downlinesQuery,
  downlinesResponse,
  downlineTransactionsQuery,
  downlineTransactionsResponse,
  downlineTransferBody,
  downlineTransferResponse,
  earningsToWalletBody,
  earningsToWalletResponse,
  idParams,
  invitationResponse,
  invitationsQuery,
  invitationsResponse,
  memberIdParams,
  offerContractBody,
  offeredContractsQuery,
  offeredContractsResponse,
  pageQuery,
  payBillBody,
  payBillResponse,
  profitLossQuery,
  profitLossResponse,
  registerDownlineBody,
  registerDownlineResponse,
  revenueReportQuery,
  revenueReportResponse,
  teamOverviewQuery,
  teamOverviewResponse,
  terminateContractResponse,
} from '@kismat/contracts/agent';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentContractBills, agentContracts } from '../../db/schema/agent';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { LocalDiskStorage } from '../../platform/file-storage';
import { requireAgent, requireRealMember } from '../../platform/policy';
import { publicOriginOf } from '../../platform/public-origin';
import { agentContext, cashierContext } from '../../platform/request-context';
import { idempotencyKeyOf, transferFund } from '../cashier/index';
import { getMemberBalances } from '../wallet/index';
import { listContractViews } from './contract-queries';
import { getAgentHome } from './get-agent-home';
import { getProfitLossReport, getRevenueReport, listDownlineTransactions } from './get-agent-reports';
import { getDownlineDetail } from './get-downline-detail';
import { getTeamOverview } from './get-team-overview';
import { listAgentAnnouncements } from './list-agent-announcements';
import { listDownlines } from './list-downlines';
import { createInvitation, disableInvitation, listInvitations } from './manage-invitations';
import { moveEarningsToWallet } from './move-earnings-to-wallet';
import { offerContract } from './offer-contract';
import { payBillNow } from './pay-bill-now';
import { assertInSubtree } from './policy';
import { billsForPeriodsIn, billsOfMember, listBillViews, presentBill } from './present-bill';
import { processContractRelay } from './process-contract-relay';
import { registerDownline } from './register-downline';
import { resolveReportPeriod } from './resolve-report-period';
import { terminateContract } from './terminate-contract';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const security = [{ bearer: [] }];
const tags = ['agent'];

/**
 * The agent centre (requireAgent on every route) and the downline's contract relays (any real
 * member). Each route that names another member checks it against the caller's subtree.
 */
export async function agentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));
  const agentOnly = { preValidation: requireAgent };

  app.get(
    AGENT_PATHS.home,
    { ...agentOnly, schema: { tags, security, summary: 'Agent centre header and menu', response: { 200: agentHomeResponse, ...errors } } },
    async (request) => ok(request, await getAgentHome(agentContext(request), currentMember(request))),
  );

  app.get(
    AGENT_PATHS.announcements,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'agentAnnouncement',
        querystring: pageQuery,
        response: { 200: agentAnnouncementsResponse, ...errors },
      },
    },
    async (request) => ok(request, await listAgentAnnouncements(agentContext(request), request.query)),
  );

  app.get(
    AGENT_PATHS.teamOverview,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'agentTeamOverview',
        querystring: teamOverviewQuery,
        response: { 200: teamOverviewResponse, ...errors },
      },
    },
    async (request) => ok(request, await getTeamOverview(agentContext(request), currentMember(request), request.query)),
  );

  app.get(
    AGENT_PATHS.downlines,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'downlineManagmentView: search the subtree',
        querystring: downlinesQuery,
        response: { 200: downlinesResponse, ...errors },
      },
    },
    async (request) => ok(request, await listDownlines(agentContext(request), currentMember(request), request.query)),
  );

  app.get(
    AGENT_PATHS.downline,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'One downline (NOT_IN_TEAM outside the subtree)',
        params: memberIdParams,
        querystring: downlineDetailQuery,
        response: { 200: downlineDetailResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await getDownlineDetail(agentContext(request), currentMember(request), request.params.memberId, request.query)),
  );

  app.post(
    AGENT_PATHS.downlineTransfer,
    {
      ...agentOnly,
      // E: the body carries the payment password (the web seals it, sealed-request.ts).
      config: { encrypted: true },
      schema: {
        tags,
        security,
        summary: 'Transfer to a downline: the cashier transferFund with its password, limits and idempotency key',
        params: memberIdParams,
        body: downlineTransferBody,
        response: { 200: downlineTransferResponse, ...errors },
      },
    },
    async (request) => {
      const agent = currentMember(request);
      await assertInSubtree(request.server.db, agent.id, request.params.memberId);
      const { transfer, to } = await transferFund(cashierContext(request, storage), agent, {
        downlineId: request.params.memberId,
        amount: request.body.amount,
        paymentPassword: request.body.paymentPassword,
        idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
      });
      return ok(request, {
        transferId: transfer.id,
        toMemberId: to.id,
        toUsername: to.username,
        amount: formatAmount(transfer.amount),
        createdAt: transfer.createdAt.toISOString(),
      });
    },
  );

  app.post(
    AGENT_PATHS.registerDownline,
    {
      ...agentOnly,
      config: { encrypted: true },
      schema: {
        tags,
        security,
        summary: 'registerCenter: create a downline account (E)',
        body: registerDownlineBody,
        response: { 200: registerDownlineResponse, ...errors },
      },
    },
    async (request) => {
      const member = await registerDownline(agentContext(request), currentMember(request), request.body);
      return ok(request, {
        memberId: member.id,
        username: member.username,
        type: member.type as 0 | 1 | 2 | 4 | 41 | 42,
        affiliateCode: member.affiliateCode ?? null,
      });
    },
  );

  app.get(
    AGENT_PATHS.invitations,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Invitation links',
        querystring: invitationsQuery,
        response: { 200: invitationsResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await listInvitations(agentContext(request), publicOriginOf(request), currentMember(request), request.query)),
  );
  app.post(
    AGENT_PATHS.invitations,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Create an invitation link',
        body: createInvitationBody,
        response: { 200: invitationResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await createInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.body)),
  );
  app.post(
    AGENT_PATHS.invitationDisable,
    {
      ...agentOnly,
      schema: { tags, security, summary: 'Disable an invitation link', params: idParams, response: { 200: invitationResponse, ...errors } },
    },
    async (request) =>
      ok(request, await disableInvitation(agentContext(request), publicOriginOf(request), currentMember(request), request.params.id)),
  );

  app.get(
    AGENT_PATHS.offeredContracts,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Contracts the agent offered',
        querystring: offeredContractsQuery,
        response: { 200: offeredContractsResponse, ...errors },
      },
    },
    async (request) => {
      const agent = currentMember(request);
      const { type, status, memberId } = request.query;
      const where = and(
        eq(agentContracts.offererId, agent.id),
        type ? eq(agentContracts.type, type) : undefined,
        status ? eq(agentContracts.status, status) : undefined,
        memberId ? eq(agentContracts.memberId, memberId) : undefined,
      );
      const page = await listContractViews(request.server.db, where, request.query);
      return ok(request, { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize });
    },
  );
  app.post(
    AGENT_PATHS.offeredContracts,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Offer a contract to a direct downline',
        body: offerContractBody,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request) => ok(request, await offerContract(agentContext(request), currentMember(request), request.body)),
  );
  app.post(
    AGENT_PATHS.terminateOfferedContract,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'Terminate (or withdraw) a contract the agent offered',
        params: idParams,
        response: { 200: terminateContractResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await terminateContract(agentContext(request), { kind: 'UPLINE', memberId: currentMember(request).id }, request.params.id),
      ),
  );

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
      const where = and(
        billsOfMember(currentMember(request).id, query.side),
        query.type ? eq(agentContractBills.type, query.type) : undefined,
        query.status ? eq(agentContractBills.status, query.status) : undefined,
        period ? billsForPeriodsIn(period.from, period.to) : undefined,
      );
      return ok(request, await listBillViews(ctx.db, where, query));
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

  app.get(
    AGENT_PATHS.revenueReport,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'agentRevenueReport',
        querystring: revenueReportQuery,
        response: { 200: revenueReportResponse, ...errors },
      },
    },
    async (request) => ok(request, await getRevenueReport(agentContext(request), currentMember(request), request.query)),
  );
  app.get(
    AGENT_PATHS.profitLossReport,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'palStatementsAgentCopy',
        querystring: profitLossQuery,
        response: { 200: profitLossResponse, ...errors },
      },
    },
    async (request) => ok(request, await getProfitLossReport(agentContext(request), currentMember(request), request.query)),
  );
  app.get(
    AGENT_PATHS.downlineTransactions,
    {
      ...agentOnly,
      schema: {
        tags,
        security,
        summary: 'agentDownlineTransactionDetailsCopy',
        querystring: downlineTransactionsQuery,
        response: { 200: downlineTransactionsResponse, ...errors },
      },
    },
    async (request) => ok(request, await listDownlineTransactions(agentContext(request), currentMember(request), request.query)),
  );

  for (const type of CONTRACT_TYPES) {
    app.post(
      CONTRACT_RELAY_PATHS[type],
      {
        preValidation: requireRealMember,
        schema: {
          tags: ['agent', 'relay'],
          security,
          summary: `${type} contracts of the caller: list, accept, reject, terminate, bills`,
          body: contractRelayBody,
          response: { 200: contractRelayResponse, ...errors },
        },
      },
      async (request) => ok(request, await processContractRelay(agentContext(request), currentMember(request), type, request.body)),
    );
  }
}
