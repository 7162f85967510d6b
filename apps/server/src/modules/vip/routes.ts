import { VIP_PATHS, vipLevelsResponse, vipMeResponse } from '@kismat/contracts/vip';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { getVipProgress } from './get-vip-progress';
import { presentLevel, readLadder, readVipSettings } from './vip-queries';

const tags = ['vip'];

/** The member's VIP level with progress to the next, and every level's targets and perks. */
export async function registerVipRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const route = defineRoutes(app, { tags });
  route.get(
    VIP_PATHS.me,
    {
      summary: 'My VIP level, the next one, progress (deposit and valid bet done / needed) and this month’s retention',
      response: vipMeResponse,
      preValidation: requireRealMember,
    },
    async (request) => await getVipProgress(root.db, request.merchant, currentMember(request).id, root.now(), request.language),
  );

  route.get(
    VIP_PATHS.levels,
    { summary: 'Every VIP level with its targets and perks (bonuses, withdrawal limits)', response: vipLevelsResponse, security: false },
    async (request) => {
      const [ladder, settings] = await Promise.all([
        readLadder(root.db, request.merchant.id),
        readVipSettings(root.db, request.merchant.id),
      ]);
      return { list: ladder.map((level) => presentLevel(level, request.language)), upgradeWindow: settings.upgradeWindow };
    },
  );
}
