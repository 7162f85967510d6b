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
import { currentMember } from '../../platform/auth';
import { requireAgent } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { reportContext, tags } from './agent-route-schema';
import { getProfitLossReport, getRevenueReport, listDownlineTransactions } from './get-agent-reports';

/** The agent reports: revenue, profit and loss, downline transactions. */
export async function reportRoutes(root: FastifyInstance): Promise<void> {
  const route = defineRoutes(root, { tags, preValidation: requireAgent });

  route.get(
    AGENT_PATHS.revenueReport,
    { summary: 'agentRevenueReport', querystring: revenueReportQuery, response: revenueReportResponse },
    async (request) => getRevenueReport(reportContext(request), currentMember(request), request.query),
  );

  route.get(
    AGENT_PATHS.profitLossReport,
    { summary: 'palStatementsAgentCopy', querystring: profitLossQuery, response: profitLossResponse },
    async (request) => getProfitLossReport(reportContext(request), currentMember(request), request.query),
  );

  route.get(
    AGENT_PATHS.downlineTransactions,
    { summary: 'agentDownlineTransactionDetailsCopy', querystring: downlineTransactionsQuery, response: downlineTransactionsResponse },
    async (request) => listDownlineTransactions(reportContext(request), currentMember(request), request.query),
  );
}
