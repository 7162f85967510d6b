import {
  OPERATOR_RG_PATHS,
  operatorRgLimitBody,
  operatorRgMemberParams,
  operatorRgMemberResponse,
  operatorRgMerchantParams,
  operatorRgNearLimitsQuery,
  operatorRgNearLimitsResponse,
} from '@kismat/contracts/responsible-gambling';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { pushInboxEvent } from '../inbox/index';
import { findMemberById } from '../member/index';
import { changeLimit } from './change-limit';
import { listNearLimits } from './list-near-limits';
import { readHistory, readOverview } from './read-overview';
import { parseLimitValue } from './rg-rules';

const tags = ['operator', 'responsible-gambling'];

/**
 * Operator views of responsible gambling: a member's limits, exclusion and change history
 * (read-only, the read audited), a stricter limit (never looser; audited), and the report of
 * members near or at a limit. Every operator role may tighten: it only ever protects the member.
 */
export async function registerOperatorRgRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');

  async function memberOf(db: DbOrTx, merchant: Merchant, memberId: number) {
    const member = await findMemberById(db, merchant.id, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }
  async function present(merchant: Merchant, memberId: number, username: string) {
    const ref = { merchantId: merchant.id, memberId };
    const now = root.now();
    const [overview, history] = await Promise.all([
      readOverview(root.db, ref, now),
      readHistory(root.db, ref, { page: 1, size: 100 }, true),
    ]);
    return { memberId, username, overview, history: history.list };
  }

  const route = defineRoutes(app, { tags });
  route.get(
    OPERATOR_RG_PATHS.member,
    {
      summary: 'A member’s limits, exclusion and change history (audited)',
      params: operatorRgMemberParams,
      response: operatorRgMemberResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant, request) => {
      const member = await memberOf(root.db, merchant, request.params.memberId);
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'rg.member_viewed',
        merchantId: merchant.id,
        targetType: 'member',
        targetId: member.id,
        detail: {},
      });
      return await present(merchant, member.id, member.username);
    }),
  );

  route.post(
    OPERATOR_RG_PATHS.memberLimit,
    {
      summary: 'Set a stricter limit for a member (never looser than the one in force)',
      params: operatorRgMemberParams,
      body: operatorRgLimitBody,
      response: operatorRgMemberResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant, request) => {
      const member = await memberOf(root.db, merchant, request.params.memberId);
      const operator = currentOperator(request);
      const { kind, period, reason } = request.body;
      const value = parseLimitValue(kind, request.body.value);
      const outcome = await changeLimit(
        root.db,
        {
          merchantId: merchant.id,
          memberId: member.id,
          kind,
          period,
          value,
          now: root.now(),
          actor: 'OPERATOR',
          operator: { id: operator.id ?? 0, name: operator.username.slice(0, 60), reason },
        },
        (tx) =>
          recordOperatorAudit(tx, request, operator, {
            action: 'rg.limit_tightened',
            merchantId: merchant.id,
            targetType: 'member',
            targetId: member.id,
            detail: { kind, period, value: value.toString(), reason },
          }),
      );
      // The member's inbox says a limit was tightened, live (the change row is the event).
      if (outcome.changeId !== null) {
        await pushInboxEvent(root.db, root.realtime, { memberId: member.id, kind: 'limits_changed', referenceId: outcome.changeId });
      }
      return await present(merchant, member.id, member.username);
    }),
  );

  route.get(
    OPERATOR_RG_PATHS.nearLimits,
    {
      summary: 'Members at or above threshold % of a limit (default 80), fullest first',
      querystring: operatorRgNearLimitsQuery,
      params: operatorRgMerchantParams,
      response: operatorRgNearLimitsResponse,
      guard: read,
    },
    onScopedMerchant(
      async (merchant, request) => await listNearLimits(root.db, { merchantId: merchant.id, ...request.query, now: root.now() }),
    ),
  );
}
