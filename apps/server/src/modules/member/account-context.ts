import type { Language } from '@kismat/contracts/languages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { type RequestOrigin, requestOrigin } from '../../platform/audit';
import { captchaIdOf } from '../../platform/captcha';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { MessageProviders } from '../../platform/outbox/message-providers';

/**
 * What an account operation needs from the request, gathered once by the route so operations
 * stay plain functions (callable from tests, seeds and jobs without a request).
 */
export interface AccountContext {
  db: Db;
  config: Config;
  now: Date;
  merchant: Merchant;
  origin: RequestOrigin;
  language: Language;
  messages: MessageProviders;
  /** The captcha id the client holds (body field, header or cookie), if any. */
  captchaIdOf(fromBody: string | undefined): string | null;
}

export function accountContext(request: FastifyRequest): AccountContext {
  const { server } = request;
  return {
    db: server.db,
    config: server.config,
    now: server.now(),
    merchant: request.merchant,
    origin: requestOrigin(request),
    language: request.language,
    messages: server.messages,
    captchaIdOf: (fromBody) => captchaIdOf(request, fromBody),
  };
}
