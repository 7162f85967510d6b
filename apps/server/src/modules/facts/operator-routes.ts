import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  factDeadLetterParams,
  factQueueStatusResponse,
  factRetryBody,
  factRetryResponse,
  OPERATOR_FACTS_PATHS,
} from '@kismat/contracts/facts';
import { merchantCodeParams } from '@kismat/contracts/operator';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { listFactDeadLetters, readFactQueueStatus } from './read-fact-queue';
import { retryDeadLetter } from './retry-dead-letter';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Back office: how far the loyalty engines trail play, the facts none could apply, and retrying one (audited). */
export async function registerOperatorFactsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(routes, { tags: ['operator-facts'] });
  route.get(
    OPERATOR_FACTS_PATHS.status,
    {
      summary: 'Loyalty facts: pending count, the oldest one’s age, dead letters (facts no engine could apply)',
      params: merchantCodeParams,
      response: factQueueStatusResponse,
      errors: errors,
      guard: operatorGuard('read'),
    },
    onScopedMerchant(async (merchant) => {
      const status = await readFactQueueStatus(app.db, app.now(), merchant.id);
      const dead = await listFactDeadLetters(app.db, merchant.id);
      return {
        ...status,
        recentDeadLetters: dead.map((row) => ({
          factId: row.factId,
          kind: row.kind,
          memberId: row.memberId,
          sourceId: row.sourceId,
          gameType: row.gameType,
          amount: formatAmount(row.amount),
          occurredAt: row.occurredAt.toISOString(),
          attempts: row.attempts,
          engine: row.engine,
          error: row.error,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    }),
  );

  route.post(
    OPERATOR_FACTS_PATHS.retry,
    {
      summary: 'Put a dead letter back into the queue once its engine is fixed (audited); again: NOT_FOUND',
      params: factDeadLetterParams,
      body: factRetryBody,
      response: factRetryResponse,
      errors: errors,
      guard: operatorGuard('settings'),
    },
    async (request) => {
      const merchant = await app.merchants.byCode(request.params.code);
      if (!merchant) throw new AppError('NOT_FOUND');
      const operator = currentOperator(request);
      assertMerchantScope(operator, merchant.id);
      const { factId } = await retryDeadLetter(app.db, request, operator, {
        merchantId: merchant.id,
        factId: request.params.factId,
        reason: request.body?.reason,
      });
      return { factId, requeued: true as const };
    },
  );
}
