import type { FastifyRequest } from 'fastify';
import { type AgentContext, agentContext } from '../../platform/request-context';

/**
 * The agent routes' tag. Each file declares its calls with defineRoutes (platform/route.ts:
 * bearer security and error envelopes documented) behind requireAgent: the agent centre is for
 * agents only; the contract relays are for any real member (requireRealMember).
 */
export const tags = ['agent'];

/**
 * The context of a report read (team overview and lists, downline card, reports): the agent
 * context on the report pool (Database.reportDb, a few connections of its own with a shorter
 * statement timeout), so slow reads over large subtrees never take the connections of money
 * calls and jobs.
 */
export function reportContext(request: FastifyRequest): AgentContext {
  return { ...agentContext(request), db: request.server.database.reportDb };
}
