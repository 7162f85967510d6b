import type { Language } from '@kismat/contracts/languages';
import type { FastifyRequest } from 'fastify';
import { type Config, isPaymentSandboxOn } from '../config';
import { type RequestOrigin, requestOrigin } from './audit';
import { captchaIdOf } from './captcha';
import type { Db, Tx } from './db';
import type { FileStorage } from './file-storage';
import type { Merchant } from './merchant';
import type { MessageProviders } from './outbox/message-providers';
import type { RealtimeHub } from './realtime/realtime-hub';

/*
 * What an operation needs from the request, gathered once by the route so operations stay plain
 * functions (callable from tests, seeds and jobs without a request). One shape, three variants:
 * an account (member) operation also needs config, origin, providers and the captcha; a cashier
 * operation (a member's or an operator's money call) the realtime hub and file storage; an agent
 * operation may run in a job with no request language.
 */

/** The part every operation shares. */
export interface RequestContext {
  db: Db;
  now: Date;
  merchant: Merchant;
  language: Language;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { db: request.server.db, now: request.server.now(), merchant: request.merchant, language: request.language };
}

/** A member's account operations: registration, login, passwords, bindings, codes. */
export interface AccountContext extends RequestContext {
  config: Config;
  origin: RequestOrigin;
  messages: MessageProviders;
  /** The captcha id the client holds (body field, header or cookie), if any. */
  captchaIdOf(fromBody: string | undefined): string | null;
}

export function accountContext(request: FastifyRequest): AccountContext {
  const { server } = request;
  return {
    ...requestContext(request),
    config: server.config,
    origin: requestOrigin(request),
    messages: server.messages,
    captchaIdOf: (fromBody) => captchaIdOf(request, fromBody),
  };
}

/** Money calls of the cashier, a member's or an operator's. */
export interface CashierContext extends RequestContext {
  realtime: RealtimeHub;
  storage: FileStorage;
  /** The demo's SANDBOX gateway is on (config PAYMENT_SANDBOX with SEED_DEMO). */
  isPaymentSandboxOn: boolean;
  /** Applies the member's pending facts in the caller's transaction (the fact consumer's drainMember), for exact turnover reads. */
  drainFacts: (tx: Tx, memberId: number) => Promise<unknown>;
}

export function cashierContext(request: FastifyRequest, storage: FileStorage): CashierContext {
  return {
    ...requestContext(request),
    realtime: request.server.realtime,
    storage,
    isPaymentSandboxOn: isPaymentSandboxOn(request.server.config),
    drainFacts: (tx, memberId) => request.server.factConsumer.drainMember(tx, memberId),
  };
}

/** Agent operations; settlement jobs run them with no request, so no language. */
export interface AgentContext extends Omit<RequestContext, 'language'> {
  /** The request's language, for messages built here (a payment-password lock's time left); jobs have none. */
  language?: Language;
}

export function agentContext(request: FastifyRequest): AgentContext {
  return requestContext(request);
}
