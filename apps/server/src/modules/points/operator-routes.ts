import {
  OPERATOR_POINTS_PATHS,
  operatorExchangeRatesBody,
  operatorExchangeRatesResponse,
  operatorIdParams,
  operatorMallItemBody,
  operatorMallItemResponse,
  operatorMallItemsResponse,
  operatorMerchantParams,
  operatorPointsSettingsBody,
  operatorPointsSettingsResponse,
  operatorRedemptionResponse,
  operatorRedemptionsQuery,
  operatorRedemptionsResponse,
  operatorRejectRedemptionBody,
} from '@kismat/contracts/points';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { pushInboxEvent } from '../inbox/index';
import { findMemberByUsername, findUsername } from '../member/index';
import {
  createMallItem,
  listAllMallItems,
  listRedemptionQueue,
  presentOperatorItem,
  replaceExchangeRates,
  runAudited,
  savePointsSettings,
  updateMallItem,
} from './manage-points';
import { listExchangeRates, presentRedemption, type RedemptionRow, readPointsSettings } from './points-queries';
import { approveRedemption, rejectRedemption } from './review-redemption';

const tags = ['operator', 'points'];

/** Operator API for points: exchange rates, conversion settings, mall items and the redemption queue; every change audited in its transaction. */
export async function registerOperatorPointsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const money = operatorGuard('money');

  const settingsOut = async (merchantId: number) => {
    const row = await readPointsSettings(root.db, merchantId);
    return { ...row, minConvertPoints: Number(row.minConvertPoints), conversionAmount: formatAmount(row.conversionAmount) };
  };

  const route = defineRoutes(app, { tags });
  route.get(
    OPERATOR_POINTS_PATHS.exchangeRates,
    { summary: 'The exchange rate table', params: operatorMerchantParams, response: operatorExchangeRatesResponse, guard: read },
    onScopedMerchant(async (merchant) => ({ rates: await listExchangeRates(root.db, merchant.id) })),
  );

  route.put(
    OPERATOR_POINTS_PATHS.exchangeRates,
    {
      summary: 'Replace the exchange rate table (points per amount of deposit or valid bet, per category)',
      params: operatorMerchantParams,
      body: operatorExchangeRatesBody,
      response: operatorExchangeRatesResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const before = await listExchangeRates(root.db, merchant.id);
      const after = request.body.rates.map((rate) => ({ ...rate, unitAmount: formatAmount(rate.unitAmount) }));
      await runAudited(
        root.db,
        (tx) => replaceExchangeRates(tx, merchant.id, request.body.rates, root.now()),
        (tx) =>
          recordOperatorAudit(tx, request, currentOperator(request), {
            action: 'points.exchange_rates_changed',
            merchantId: merchant.id,
            detail: { before, after },
          }),
      );
      return { rates: await listExchangeRates(root.db, merchant.id) };
    }),
  );

  route.get(
    OPERATOR_POINTS_PATHS.settings,
    {
      summary: 'Conversion rate, minimum, turnover and rules',
      params: operatorMerchantParams,
      response: operatorPointsSettingsResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant) => await settingsOut(merchant.id)),
  );

  route.put(
    OPERATOR_POINTS_PATHS.settings,
    {
      summary: 'Set the conversion rate, minimum, turnover multiplier and rules',
      params: operatorMerchantParams,
      body: operatorPointsSettingsBody,
      response: operatorPointsSettingsResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const before = await settingsOut(merchant.id);
      await runAudited(
        root.db,
        (tx) => savePointsSettings(tx, merchant.id, request.body, root.now()),
        (tx) =>
          recordOperatorAudit(tx, request, currentOperator(request), {
            action: 'points.settings_changed',
            merchantId: merchant.id,
            detail: { before, after: { ...request.body, conversionAmount: formatAmount(request.body.conversionAmount) } },
          }),
      );
      return await settingsOut(merchant.id);
    }),
  );

  route.get(
    OPERATOR_POINTS_PATHS.items,
    { summary: 'Every mall item, enabled or not', params: operatorMerchantParams, response: operatorMallItemsResponse, guard: read },
    onScopedMerchant(async (merchant) => ({ list: (await listAllMallItems(root.db, merchant.id)).map(presentOperatorItem) })),
  );

  route.post(
    OPERATOR_POINTS_PATHS.items,
    {
      summary: 'Add a mall item (cash voucher or goods)',
      params: operatorMerchantParams,
      body: operatorMallItemBody,
      response: operatorMallItemResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const item = await runAudited(
        root.db,
        (tx) => createMallItem(tx, merchant.id, request.body, root.now()),
        (tx, created) =>
          recordOperatorAudit(tx, request, currentOperator(request), {
            action: 'points.item_created',
            merchantId: merchant.id,
            targetType: 'points_item',
            targetId: created.id,
            detail: { after: presentOperatorItem(created) },
          }),
      );
      return presentOperatorItem(item);
    }),
  );

  route.put(
    OPERATOR_POINTS_PATHS.item,
    {
      summary: 'Edit a mall item (names, image, points, stock, limit, on/off)',
      params: operatorIdParams,
      body: operatorMallItemBody,
      response: operatorMallItemResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const { after: item } = await runAudited(
        root.db,
        (tx) => updateMallItem(tx, merchant.id, request.params.id, request.body, root.now()),
        (tx, { before, after }) =>
          recordOperatorAudit(tx, request, currentOperator(request), {
            action: 'points.item_changed',
            merchantId: merchant.id,
            targetType: 'points_item',
            targetId: after.id,
            detail: { before: presentOperatorItem(before), after: presentOperatorItem(after) },
          }),
      );
      return presentOperatorItem(item);
    }),
  );

  const presentQueued = async (row: RedemptionRow) => ({
    ...presentRedemption(row, 'EN'),
    memberId: row.memberId,
    username: (await findUsername(root.db, row.memberId)) ?? '',
    reviewedBy: row.reviewedBy,
  });

  route.get(
    OPERATOR_POINTS_PATHS.redemptions,
    {
      summary: 'The redemption queue (status, type, username, apply-time range)',
      querystring: operatorRedemptionsQuery,
      params: operatorMerchantParams,
      response: operatorRedemptionsResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant, request) => {
      const query = request.query;
      let memberIds: number[] | undefined;
      if (query.username) {
        const member = await findMemberByUsername(root.db, merchant.id, query.username);
        memberIds = member ? [member.id] : [];
      }
      const { rows, total } = await listRedemptionQueue(root.db, merchant.id, {
        ...query,
        memberIds,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      });
      return { list: await Promise.all(rows.map(presentQueued)), total, pageNo: query.pageNo, pageSize: query.pageSize };
    }),
  );

  const reviewInput = (request: FastifyRequest, merchant: Merchant, redemptionId: number, action: string) => ({
    merchant,
    redemptionId,
    operator: currentOperator(request),
    now: root.now(),
    audit: (tx: Tx, before: RedemptionRow, after: RedemptionRow) =>
      recordOperatorAudit(tx, request, currentOperator(request), {
        action,
        merchantId: merchant.id,
        memberId: after.memberId,
        targetType: 'points_redemption',
        targetId: after.id,
        reason: after.remark,
        detail: {
          before: before.status,
          after: after.status,
          points: Number(after.points),
          amount: formatAmount(after.amount),
          transferId: after.transferId,
        },
      }),
  });

  route.post(
    OPERATOR_POINTS_PATHS.redemptionApprove,
    {
      summary: 'Approve a redemption (goods fulfilled, or the cash voucher credited)',
      params: operatorIdParams,
      response: operatorRedemptionResponse,
      guard: money,
    },
    onScopedMerchant(async (merchant, request) => {
      const row = await approveRedemption(root.db, reviewInput(request, merchant, request.params.id, 'points.redemption_approved'));
      // The member's inbox message (and new balance for a cash voucher) arrives live.
      await pushInboxEvent(root.db, root.realtime, { memberId: row.memberId, kind: 'redemption_approved', referenceId: row.id });
      return await presentQueued(row);
    }),
  );

  route.post(
    OPERATOR_POINTS_PATHS.redemptionReject,
    {
      summary: 'Reject a redemption: points restored, the reason shown to the member',
      params: operatorIdParams,
      body: operatorRejectRedemptionBody,
      response: operatorRedemptionResponse,
      guard: money,
    },
    onScopedMerchant(async (merchant, request) => {
      const row = await rejectRedemption(root.db, {
        ...reviewInput(request, merchant, request.params.id, 'points.redemption_rejected'),
        reason: request.body.reason,
      });
      await pushInboxEvent(root.db, root.realtime, { memberId: row.memberId, kind: 'redemption_rejected', referenceId: row.id });
      return await presentQueued(row);
    }),
  );
}
