import {
  AGENT_PATHS,
  downlineTransactionsQuery,
  downlineTransactionsResponse,
  profitLossQuery,
  profitLossResponse,
  revenueReportQuery,
  revenueReportResponse,
} from '@kismat/contracts/agent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { agentOnly, errors, reportContext, security, tags } from './agent-route-schema';
import { getProfitLossReport, getRevenueReport, listDownlineTransactions } from './get-agent-reports';

/** The agent reports: revenue, profit and loss, downline transactions. */
export async function reportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

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
    async (request) => ok(request, await getRevenueReport(reportContext(request), currentMember(request), request.query)),
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
    async (request) => ok(request, await getProfitLossReport(reportContext(request), currentMember(request), request.query)),
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
    async (request) => ok(request, await listDownlineTransactions(reportContext(request), currentMember(request), request.query)),
  );
}
