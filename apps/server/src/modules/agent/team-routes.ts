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
import { currentMember } from '../../platform/auth';
import { LocalDiskStorage } from '../../platform/file-storage';
import { requireAgent } from '../../platform/policy';
import { agentContext, cashierContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { idempotencyKeyOf, transferFund } from '../cashier/index';
import { reportContext, tags } from './agent-route-schema';
import { getAgentHome } from './get-agent-home';
import { getDownlineDetail } from './get-downline-detail';
import { getTeamOverview } from './get-team-overview';
import { listAgentAnnouncements } from './list-agent-announcements';
import { listDownlines } from './list-downlines';
import { assertInSubtree } from './policy';
import { registerDownline } from './register-downline';

/** The agent centre home and team: header and menu, announcements, team overview, the subtree search, one downline, transfers to a downline and registering one. */
export async function teamRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags, preValidation: requireAgent });
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));

  route.get(AGENT_PATHS.home, { summary: 'Agent centre header and menu', response: agentHomeResponse }, async (request) =>
    getAgentHome(agentContext(request), currentMember(request)),
  );

  route.get(
    AGENT_PATHS.announcements,
    { summary: 'agentAnnouncement', querystring: pageQuery, response: agentAnnouncementsResponse },
    async (request) => listAgentAnnouncements(agentContext(request), request.query),
  );

  route.get(
    AGENT_PATHS.teamOverview,
    { summary: 'agentTeamOverview', querystring: teamOverviewQuery, response: teamOverviewResponse },
    async (request) => getTeamOverview(reportContext(request), currentMember(request), request.query),
  );

  route.get(
    AGENT_PATHS.downlines,
    { summary: 'downlineManagmentView: search the subtree', querystring: downlinesQuery, response: downlinesResponse },
    async (request) => listDownlines(reportContext(request), currentMember(request), request.query),
  );

  route.get(
    AGENT_PATHS.downline,
    {
      summary: 'One downline (NOT_IN_TEAM outside the subtree)',
      params: memberIdParams,
      querystring: downlineDetailQuery,
      response: downlineDetailResponse,
    },
    async (request) => getDownlineDetail(reportContext(request), currentMember(request), request.params.memberId, request.query),
  );

  route.post(
    AGENT_PATHS.downlineTransfer,
    {
      summary: 'Transfer to a downline: the cashier transferFund with its password, limits and idempotency key',
      params: memberIdParams,
      body: downlineTransferBody,
      response: downlineTransferResponse,
      // E: the body carries the payment password (the web seals it, sealed-request.ts).
      encrypted: true,
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
      return {
        transferId: transfer.id,
        toMemberId: to.id,
        toUsername: to.username,
        amount: formatAmount(transfer.amount),
        createdAt: transfer.createdAt.toISOString(),
      };
    },
  );

  route.post(
    AGENT_PATHS.registerDownline,
    {
      summary: 'registerCenter: create a downline account (E)',
      body: registerDownlineBody,
      response: registerDownlineResponse,
      encrypted: true,
    },
    async (request) => {
      const member = await registerDownline(agentContext(request), currentMember(request), request.body);
      return {
        memberId: member.id,
        username: member.username,
        type: member.type as 0 | 1 | 2 | 4 | 41 | 42,
        affiliateCode: member.affiliateCode ?? null,
      };
    },
  );
}
