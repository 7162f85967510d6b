import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { requireAgent } from '../../platform/policy';
import { type AgentContext, agentContext } from '../../platform/request-context';

/** What every agent route declares: its error envelopes, the bearer, its tag. */
export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
export const security = [{ bearer: [] }];
export const tags = ['agent'];
/** The agent centre is for agents only (requireAgent); the contract relays are for any real member. */
export const agentOnly = { preValidation: requireAgent };

/**
 * The context of a report read (team overview and lists, downline card, reports): the agent
 * context on the report pool (Database.reportDb, a few connections of its own with a shorter
 * statement timeout), so slow reads over large subtrees never take the connections of money
 * calls and jobs.
 */
export function reportContext(request: FastifyRequest): AgentContext {
  return { ...agentContext(request), db: request.server.database.reportDb };
}
