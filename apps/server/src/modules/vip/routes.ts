import { VIP_PATHS, vipLevelsResponse, vipMeResponse } from '@kismat/contracts/vip';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireRealMember } from '../../platform/policy';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
import { getVipProgress } from './get-vip-progress';
import { presentLevel, readLadder, readVipSettings } from './vip-queries';

const tags = ['vip'];

/** The member's VIP level with progress to the next, and every level's targets and perks. */
export async function registerVipRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    VIP_PATHS.me,
    {
      preValidation: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'My VIP level, the next one, progress (deposit and valid bet done / needed) and this month’s retention',
        response: { 200: vipMeResponse, ...errors },
      },
    },
    async (request) =>
      ok(request, await getVipProgress(root.db, request.merchant, currentMember(request).id, root.now(), request.language)),
  );

  app.get(
    VIP_PATHS.levels,
    {
      schema: {
        tags,
        summary: 'Every VIP level with its targets and perks (bonuses, withdrawal limits)',
        response: { 200: vipLevelsResponse, ...errors },
      },
    },
    async (request) => {
      const [ladder, settings] = await Promise.all([
        readLadder(root.db, request.merchant.id),
        readVipSettings(root.db, request.merchant.id),
      ]);
      return ok(request, { list: ladder.map((level) => presentLevel(level, request.language)), upgradeWindow: settings.upgradeWindow });
    },
  );
}
