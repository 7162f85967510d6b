import type { Language } from '@kismat/contracts/languages';
import type { FastifyRequest } from 'fastify';
import { isPaymentSandboxOn } from '../../config';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { FileStorage } from './file-storage';

/** What a cashier operation needs, gathered by the route so operations stay callable from tests and jobs. */
export interface CashierContext {
  db: Db;
  now: Date;
  merchant: Merchant;
  language: Language;
  realtime: RealtimeHub;
  storage: FileStorage;
  /** The demo's SANDBOX gateway is on (config PAYMENT_SANDBOX with SEED_DEMO). */
  isPaymentSandboxOn: boolean;
}

export function cashierContext(request: FastifyRequest, storage: FileStorage): CashierContext {
  return {
    db: request.server.db,
    now: request.server.now(),
    merchant: request.merchant,
    language: request.language,
    realtime: request.server.realtime,
    storage,
    isPaymentSandboxOn: isPaymentSandboxOn(request.server.config),
  };
}
