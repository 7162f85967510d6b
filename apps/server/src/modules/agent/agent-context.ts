import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/** What an agent operation needs, gathered by the route so operations stay callable from tests and jobs. */
export interface AgentContext {
  db: Db;
  now: Date;
  merchant: Merchant;
}

export function agentContext(request: FastifyRequest): AgentContext {
  return { db: request.server.db, now: request.server.now(), merchant: request.merchant };
}
