import { errorEnvelope } from '@kismat/contracts/envelope';
import { adjustmentBody, adjustmentResponse, OPERATOR_ACCOUNT_PATHS } from '@kismat/contracts/operator-accounts';
import { parseAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { isTrial } from '../../platform/policy';
import { adjustMemberBalance } from './adjust-member-balance';
import { findAdjustmentTarget } from './find-adjustment-target';

/** Manual balance adjustments (finance and admin), each with a reason, audited and idempotent. */
export async function registerOperatorWalletRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    OPERATOR_ACCOUNT_PATHS.adjustments,
    {
      onRequest: operatorGuard('money'),
      schema: {
        tags: ['operator', 'wallet'],
        security: [{ bearer: [] }],
        summary: "Adjust a member's cash or bonus balance by a signed amount, with a reason (idempotent by idempotencyKey)",
        body: adjustmentBody,
        response: { 200: adjustmentResponse, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    },
    async (request) => {
      const operator = currentOperator(request);
      const body = request.body;
      const found = await findAdjustmentTarget(root.db, operator, body);
      if (!found) throw new AppError('NOT_FOUND', { value: { field: body.memberId !== undefined ? 'memberId' : 'username' } });
      assertMerchantScope(operator, found.merchant.id);
      // Trial players hold play money only; real money never goes to them.
      if (isTrial(found.member)) throw new AppError('TRIAL_FORBIDDEN');
      const value = await adjustMemberBalance({ db: root.db, realtime: root.realtime, now: root.now() }, request, operator, {
        merchant: { id: found.merchant.id, currency: found.merchant.currency },
        member: { id: found.member.id, username: found.member.username },
        account: body.account,
        amount: parseAmount(body.amount.replace(/^\+/, ''), { allowNegative: true }),
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
      });
      return ok(request, value);
    },
  );
}
