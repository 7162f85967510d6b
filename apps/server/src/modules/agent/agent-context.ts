import type { Language } from '@kismat/contracts/languages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/** What an agent operation needs, gathered by the route so operations stay callable from tests and jobs. */
export interface AgentContext {
  db: Db;
  now: Date;
  merchant: Merchant;
  /** The request's language, for messages built here (a payment-password lock's time left); jobs have none. */
  language?: Language;
}

export function agentContext(request: FastifyRequest): AgentContext {
  return { db: request.server.db, now: request.server.now(), merchant: request.merchant, language: request.language };
}
