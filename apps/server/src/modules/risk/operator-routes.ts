import {
  RISK_ADMIN_PATHS,
  reviewRiskFlagBody,
  riskFlagParams,
  riskFlagResponse,
  riskFlagsQuery,
  riskFlagsResponse,
  riskMerchantParams,
  riskScanResponse,
} from '@kismat/contracts/risk-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { searchDeskMembers } from '../member/index';
import { listRiskFlags, presentRiskFlag } from './list-risk-flags';
import { reviewRiskFlag } from './review-risk-flag';
import { scanRiskRules } from './scan-risk-rules';

const tags = ['operator', 'risk'];

/**
 * The risk desk (issue 19): every role reads the queue (support answers members about held
 * withdrawals), finance and admin review (the review releases or keeps a withdrawal hold, a
 * money decision), admin runs the scan on demand. Reviews are audited.
 */
export async function registerOperatorRiskRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(app, { tags });

  async function usernames(db: DbOrTx, merchantId: number, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await searchDeskMembers(db, { field: 'ids', text: '', ids: unique, merchantId, limit: unique.length });
    return new Map(rows.map((row) => [row.member.id, row.member.username]));
  }

  route.get(
    RISK_ADMIN_PATHS.flags,
    {
      summary: 'The flags queue, newest first (status, rule and member filters; keyset paging)',
      params: riskMerchantParams,
      querystring: riskFlagsQuery,
      response: riskFlagsResponse,
      guard: operatorGuard('read'),
    },
    onScopedMerchant(async (merchant, request) => {
      let memberId: number | undefined;
      if (request.query.member) {
        const [found] = await searchDeskMembers(root.db, {
          field: 'username',
          text: request.query.member,
          merchantId: merchant.id,
          limit: 1,
        });
        // An unknown member has no flags: an empty page, not every flag.
        if (!found || found.member.username !== request.query.member.toLowerCase()) {
          const empty = await listRiskFlags(root.db, { merchantId: merchant.id, status: 'NONE' });
          return { items: [], nextBefore: null, openCount: empty.openCount };
        }
        memberId = found.member.id;
      }
      const page = await listRiskFlags(root.db, {
        merchantId: merchant.id,
        status: request.query.status,
        rule: request.query.rule,
        memberId,
        before: request.query.before,
      });
      const names = await usernames(
        root.db,
        merchant.id,
        page.rows.map((row) => row.memberId),
      );
      return {
        items: page.rows.map((row) => ({ ...presentRiskFlag(row), username: names.get(row.memberId) ?? `#${row.memberId}` })),
        nextBefore: page.nextBefore,
        openCount: page.openCount,
      };
    }),
  );

  route.post(
    RISK_ADMIN_PATHS.flagReview,
    {
      summary: 'Confirm or dismiss a flag with a note (once; audited)',
      params: riskFlagParams,
      body: reviewRiskFlagBody,
      response: riskFlagResponse,
      guard: operatorGuard('money'),
    },
    onScopedMerchant(async (merchant, request) => {
      const operator = currentOperator(request);
      const flag = await reviewRiskFlag(
        root.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body, reviewedBy: operator.username, now: root.now() },
        (tx, change) =>
          recordOperatorAudit(tx, request, operator, {
            action: 'risk.flag_reviewed',
            targetType: 'risk_flag',
            targetId: request.params.id,
            merchantId: merchant.id,
            memberId: change.memberId,
            reason: request.body.note,
            detail: { before: change.before, after: change.after },
          }),
      );
      const names = await usernames(root.db, merchant.id, [flag.memberId]);
      return { ...flag, username: names.get(flag.memberId) ?? `#${flag.memberId}` };
    }),
  );

  route.post(
    RISK_ADMIN_PATHS.scan,
    {
      summary: 'Run the risk rules now for this merchant',
      params: riskMerchantParams,
      response: riskScanResponse,
      guard: operatorGuard('settings'),
    },
    onScopedMerchant(async (merchant) => {
      return { flagged: await scanRiskRules(root.db, merchant.id, root.now()) };
    }),
  );
}
