import path from 'node:path';
import {
  AGENT_PATHS,
  agentAnnouncementsResponse,
  agentHomeResponse,
  downlineDetailQuery,
  downlineDetailResponse,
  downlinesQuery,
  downlinesResponse,
  downlineTransferBody,
  downlineTransferResponse,
  memberIdParams,
  pageQuery,
  registerDownlineBody,
  registerDownlineResponse,
  teamOverviewQuery,
  teamOverviewResponse,
} from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { LocalDiskStorage } from '../../platform/file-storage';
import { agentContext, cashierContext } from '../../platform/request-context';
import { idempotencyKeyOf, transferFund } from '../cashier/index';
import { agentOnly, errors, reportContext, security, tags } from './agent-route-schema';
import { getAgentHome } from './get-agent-home';
import { getDownlineDetail } from './get-downline-detail';
import { getTeamOverview } from './get-team-overview';
import { listAgentAnnouncements } from './list-agent-announcements';
import { listDownlines } from './list-downlines';
import { assertInSubtree } from './policy';
import { registerDownline } from './register-downline';

/** The agent centre home and team: header and menu, announcements, team overview, the subtree search, one downline, transfers to a downline and registering one. */
export async function teamRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));

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
    async (request) => ok(request, await getTeamOverview(reportContext(request), currentMember(request), request.query)),
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
    async (request) => ok(request, await listDownlines(reportContext(request), currentMember(request), request.query)),
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
      ok(request, await getDownlineDetail(reportContext(request), currentMember(request), request.params.memberId, request.query)),
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
}
