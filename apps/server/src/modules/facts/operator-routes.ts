import { errorEnvelope } from '@kismat/contracts/envelope';
import { factQueueStatusResponse, OPERATOR_FACTS_PATHS } from '@kismat/contracts/facts';
import { merchantCodeParams } from '@kismat/contracts/operator';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { listFactDeadLetters, readFactQueueStatus } from './read-fact-queue';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Back office: how far the loyalty engines trail play, and the facts none could apply (read only). */
export async function registerOperatorFactsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    OPERATOR_FACTS_PATHS.status,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags: ['operator-facts'],
        security: [{ bearer: [] }],
        summary: 'Loyalty facts: pending count, the oldest one’s age, dead letters (facts no engine could apply)',
        params: merchantCodeParams,
        response: { 200: factQueueStatusResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await app.merchants.byCode(request.params.code);
      if (!merchant) throw new AppError('NOT_FOUND');
      // A merchant-scoped operator sees only their own merchant (NOT_FOUND otherwise).
      assertMerchantScope(currentOperator(request), merchant.id);
      const status = await readFactQueueStatus(app.db, app.now(), merchant.id);
      const dead = await listFactDeadLetters(app.db, merchant.id);
      return ok(request, {
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
      });
    },
  );
}
