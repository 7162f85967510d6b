import { adjustmentBody, adjustmentResponse, OPERATOR_ACCOUNT_PATHS } from '@kismat/contracts/operator-accounts';
import { parseAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator, operatorGuard } from '../../platform/operator-auth';
import { isTrial } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { adjustMemberBalance } from './adjust-member-balance';
import { findAdjustmentTarget } from './find-adjustment-target';

/** Manual balance adjustments (finance and admin), each with a reason, audited and idempotent. */
export async function registerOperatorWalletRoutes(root: FastifyInstance): Promise<void> {
  defineRoutes(root, { tags: ['operator', 'wallet'] }).post(
    OPERATOR_ACCOUNT_PATHS.adjustments,
    {
      summary: "Adjust a member's cash or bonus balance by a signed amount, with a reason (idempotent by idempotencyKey)",
      body: adjustmentBody,
      response: adjustmentResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const operator = currentOperator(request);
      const body = request.body;
      const found = await findAdjustmentTarget(root.db, operator, body);
      if (!found) throw new AppError('NOT_FOUND', { value: { field: body.memberId !== undefined ? 'memberId' : 'username' } });
      assertMerchantScope(operator, found.merchant.id);
      // Trial players hold play money only; real money never goes to them.
      if (isTrial(found.member)) throw new AppError('TRIAL_FORBIDDEN');
      return await adjustMemberBalance({ db: root.db, realtime: root.realtime, now: root.now() }, request, operator, {
        merchant: { id: found.merchant.id, currency: found.merchant.currency },
        member: { id: found.member.id, username: found.member.username },
        account: body.account,
        amount: parseAmount(body.amount.replace(/^\+/, ''), { allowNegative: true }),
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
      });
    },
  );
}
