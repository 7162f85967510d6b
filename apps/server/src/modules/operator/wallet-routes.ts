import { errorEnvelope } from '@kismat/contracts/envelope';
import { adjustmentBody, adjustmentResponse, OPERATOR_ACCOUNT_PATHS } from '@kismat/contracts/operator-accounts';
import { parseAmount } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { members } from '../../db/schema/accounts';
import { merchants } from '../../db/schema/merchants';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { isTrial } from '../../platform/policy';
import { adjustMemberBalance } from './adjust-member-balance';

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
      let merchantWhere = eq(merchants.isDefault, true);
      if (body.merchantCode) merchantWhere = eq(merchants.code, body.merchantCode);
      else if (operator.merchantId !== null) merchantWhere = eq(merchants.id, operator.merchantId);
      const memberWhere =
        body.memberId !== undefined
          ? eq(members.id, body.memberId)
          : and(sql`lower(${members.username}) = lower(${body.username ?? ''})`, merchantWhere);
      const [found] = await root.db
        .select({ member: members, merchant: merchants })
        .from(members)
        .innerJoin(merchants, eq(merchants.id, members.merchantId))
        .where(memberWhere)
        .limit(1);
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
