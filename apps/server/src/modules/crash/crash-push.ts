import type { CrashPush } from '@kismat/contracts/crash';
import type { FastifyInstance } from 'fastify';
import type { CrashPublisher } from './crash-engine';

/** The /ws topic of a merchant's crash round: every socket that sent `{ "subscribe": "crash" }`. */
export const crashTopic = (merchantId: number) => `crash:${merchantId}`;

/**
 * Crash pushes go to everyone watching a merchant's round, logged in or not (the feed shows
 * masked names only): a socket subscribes with its first message, through the realtime hub's
 * authenticators, and the hub fans each push out to every node over LISTEN/NOTIFY.
 */
export function registerCrashFeed(app: FastifyInstance): CrashPublisher {
  app.realtimeAuthenticators.push(async ({ merchantId, first }) =>
    first.subscribe === 'crash' ? { topics: [crashTopic(merchantId)] } : undefined,
  );
  return crashPublisherOf(app);
}

export function crashPublisherOf(app: Pick<FastifyInstance, 'realtime'>): CrashPublisher {
  return {
    publishToMerchant: (merchantId: number, message: CrashPush) => app.realtime.publish({ topic: crashTopic(merchantId), message }),
  };
}
