import { operatorMerchantParams } from '@kismat/contracts/points';
import {
  OPERATOR_VIP_PATHS,
  operatorVipLevelsBody,
  operatorVipLevelsResponse,
  operatorVipSettingsBody,
  operatorVipSettingsResponse,
} from '@kismat/contracts/vip';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { replaceVipLadder, saveVipSettings } from './manage-vip-ladder';
import { presentLevel, readLadder, readVipSettings, type VipLevelRow } from './vip-queries';

const tags = ['operator', 'vip'];

/** Operator API for VIP: the ladder (replaced whole, validated) and the upgrade window / retention switch; audited. */
export async function registerOperatorVipRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');

  const present = (rows: VipLevelRow[]) => rows.map((row) => ({ ...presentLevel(row, 'EN'), id: row.id }));

  const route = defineRoutes(app, { tags });
  route.get(
    OPERATOR_VIP_PATHS.levels,
    { summary: 'The VIP ladder', params: operatorMerchantParams, response: operatorVipLevelsResponse, guard: read },
    onScopedMerchant(async (merchant) => ({ list: present(await readLadder(root.db, merchant.id)) })),
  );

  route.put(
    OPERATOR_VIP_PATHS.levels,
    {
      summary: 'Replace the VIP ladder (ranks 1..n, targets rising)',
      params: operatorMerchantParams,
      body: operatorVipLevelsBody,
      response: operatorVipLevelsResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      await replaceVipLadder(root.db, merchant.id, request.body.levels, root.now(), (tx, before) =>
        recordOperatorAudit(tx, request, currentOperator(request), {
          action: 'vip.ladder_changed',
          merchantId: merchant.id,
          detail: { before: present(before), after: request.body.levels.map((level) => ({ rank: level.rank, names: level.names })) },
        }),
      );
      return { list: present(await readLadder(root.db, merchant.id)) };
    }),
  );

  route.get(
    OPERATOR_VIP_PATHS.settings,
    { summary: 'Upgrade window and retention switch', params: operatorMerchantParams, response: operatorVipSettingsResponse, guard: read },
    onScopedMerchant(async (merchant) => await readVipSettings(root.db, merchant.id)),
  );

  route.put(
    OPERATOR_VIP_PATHS.settings,
    {
      summary: 'Set the upgrade window (lifetime or this month) and retention on/off',
      params: operatorMerchantParams,
      body: operatorVipSettingsBody,
      response: operatorVipSettingsResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const before = await readVipSettings(root.db, merchant.id);
      await saveVipSettings(root.db, merchant.id, request.body, root.now(), (tx) =>
        recordOperatorAudit(tx, request, currentOperator(request), {
          action: 'vip.settings_changed',
          merchantId: merchant.id,
          detail: { before, after: request.body },
        }),
      );
      return await readVipSettings(root.db, merchant.id);
    }),
  );
}
