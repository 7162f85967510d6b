import type { RebateCategory } from '@kismat/contracts/rebates';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rebateLevels, rebateRates, rebateSettings } from '../../db/schema/rebates';
import { type OperatorAuditActor, recordOperatorAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { type RebateSettings, readRebateSettings } from './rebate-config';

export interface RebateTableLevel {
  levelRank: number;
  dailyCap: bigint | null;
  rates: { category: RebateCategory; rateBp: number }[];
}

/** The whole rate table of a merchant, by level rank. */
export async function readRebateTable(db: DbOrTx, merchantId: number): Promise<RebateTableLevel[]> {
  const levels = await db.select().from(rebateLevels).where(eq(rebateLevels.merchantId, merchantId)).orderBy(asc(rebateLevels.levelRank));
  const rates = await db.select().from(rebateRates).where(eq(rebateRates.merchantId, merchantId));
  const ranks = [...new Set([...levels.map((level) => level.levelRank), ...rates.map((rate) => rate.levelRank)])].sort((a, b) => a - b);
  return ranks.map((levelRank) => ({
    levelRank,
    dailyCap: levels.find((level) => level.levelRank === levelRank)?.dailyCap ?? null,
    rates: rates.filter((rate) => rate.levelRank === levelRank).map((rate) => ({ category: rate.category, rateBp: rate.rateBp })),
  }));
}

/** Replaces a merchant's rate table (levels and rates) in one transaction with its audit row; new rates apply to play settled from now on. */
export async function replaceRebateTable(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; levels: readonly RebateTableLevel[]; reason?: string | undefined },
): Promise<RebateTableLevel[]> {
  return db.transaction(async (tx) => {
    const before = await readRebateTable(tx, input.merchantId);
    await writeRebateTable(tx, input.merchantId, input.levels);
    const after = await readRebateTable(tx, input.merchantId);
    await recordOperatorAudit(tx, request, actor, {
      action: 'rebate.table_changed',
      targetType: 'merchant',
      targetId: input.merchantId,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { before: presentForAudit(before), after: presentForAudit(after) },
    });
    return after;
  });
}

/** Writes the table (used by the operator change and the seed). */
export async function writeRebateTable(tx: DbOrTx, merchantId: number, levels: readonly RebateTableLevel[]): Promise<void> {
  await tx.delete(rebateRates).where(eq(rebateRates.merchantId, merchantId));
  await tx.delete(rebateLevels).where(eq(rebateLevels.merchantId, merchantId));
  if (levels.length === 0) return;
  await tx.insert(rebateLevels).values(levels.map((level) => ({ merchantId, levelRank: level.levelRank, dailyCap: level.dailyCap })));
  const rates = levels.flatMap((level) => level.rates.map((rate) => ({ merchantId, levelRank: level.levelRank, ...rate })));
  if (rates.length > 0) await tx.insert(rebateRates).values(rates);
}

/** Changes the rebate options of a merchant, audited in the same transaction. */
export async function changeRebateSettings(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; settings: RebateSettings; reason?: string | undefined },
): Promise<RebateSettings> {
  return db.transaction(async (tx) => {
    const before = await readRebateSettings(tx, input.merchantId);
    await tx
      .insert(rebateSettings)
      .values({ merchantId: input.merchantId, ...input.settings })
      .onConflictDoUpdate({ target: rebateSettings.merchantId, set: { ...input.settings, updatedAt: request.server.now() } });
    await recordOperatorAudit(tx, request, actor, {
      action: 'rebate.settings_changed',
      targetType: 'merchant',
      targetId: input.merchantId,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { before: settingsForAudit(before), after: settingsForAudit(input.settings) },
    });
    return input.settings;
  });
}

function presentForAudit(levels: readonly RebateTableLevel[]) {
  return levels.map((level) => ({ ...level, dailyCap: level.dailyCap?.toString() ?? null }));
}

function settingsForAudit(settings: RebateSettings) {
  return { ...settings, minimumClaim: settings.minimumClaim.toString() };
}
