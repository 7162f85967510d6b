import type { AggregatorSyncValue } from '@kismat/contracts/aggregators';
import { and, eq, sql } from 'drizzle-orm';
import { aggregatorStudios } from '../../db/schema/aggregator-studios';
import { aggregatorIntegrations } from '../../db/schema/aggregators';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-values';
import { announceCatalogueChange, upsertStudioGames, vendorIdByCodeSql } from '../catalogue/index';
import { callAggregator } from './call-aggregator';
import type { AggregatorGame } from './client';
import { findIntegration, studioVendorCode } from './integrations';
import type { AggregatorRegistry } from './registry';

/**
 * Syncs a contract's catalogue (issue 21): asks the aggregator for its game list, then in ONE
 * transaction upserts each ENABLED studio as a vendor of ours with exactly its listed games
 * (catalogue upsertStudioGames: added, updated, unlisted ones disabled) and records the
 * studios; a studio synced before but no longer enabled or listed keeps its vendor with every
 * game disabled. Idempotent: a second sync of the same list changes nothing. The aggregator is
 * asked before the transaction opens (no row is locked while we wait on the network); a
 * failed call changes nothing. Two syncs of one contract run one after the other (the
 * contract's row is locked first).
 */
export async function syncAggregatorCatalogue(
  db: Db,
  registry: AggregatorRegistry,
  input: { merchantId: number; integrationId: number; now: Date },
): Promise<AggregatorSyncValue> {
  const integration = await findIntegration(db, input.merchantId, input.integrationId);
  const offered = await callAggregator(() => registry.client(integration.protocol).listGames(integration));
  const enabled = new Set(integration.enabledStudios);
  const byStudio = new Map<string, { name: string; games: AggregatorGame[] }>();
  for (const game of offered) {
    if (!enabled.has(game.studioCode)) continue;
    const studio = byStudio.get(game.studioCode) ?? { name: game.studioName, games: [] };
    studio.games.push(game);
    byStudio.set(game.studioCode, studio);
  }

  const result: AggregatorSyncValue = {
    syncedAt: input.now.toISOString(),
    offered: offered.length,
    studios: [],
    added: 0,
    updated: 0,
    disabled: 0,
    unchanged: 0,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${aggregatorIntegrations} WHERE ${aggregatorIntegrations.id} = ${integration.id} FOR UPDATE`);
    const known = await tx
      .select({ studioCode: aggregatorStudios.studioCode, studioName: aggregatorStudios.studioName })
      .from(aggregatorStudios)
      .where(eq(aggregatorStudios.integrationId, integration.id));
    // Studios synced before and now off (or no longer listed): their games are disabled.
    for (const studio of known)
      if (!byStudio.has(studio.studioCode)) byStudio.set(studio.studioCode, { name: studio.studioName, games: [] });

    for (const [studioCode, studio] of [...byStudio.entries()].sort(([left], [right]) => left.localeCompare(right))) {
      const vendorCode = studioVendorCode(integration.code, studioCode);
      // A vendor code already in the catalogue must be this contract's studio: never one of our
      // own vendors, nor another contract's (another merchant's sync would switch its games).
      const owners = await tx
        .select({ integrationId: aggregatorStudios.integrationId })
        .from(aggregatorStudios)
        .where(eq(aggregatorStudios.vendorId, vendorIdByCodeSql(vendorCode)));
      const [existing] = rowsOf<{ id: number | null }>(await tx.execute(sql`SELECT ${vendorIdByCodeSql(vendorCode)} AS id`));
      if (existing?.id != null && !owners.some((owner) => owner.integrationId === integration.id))
        throw new AppError('CONFLICT', { value: { vendorCode } });
      const counts = await upsertStudioGames(tx, {
        merchantId: integration.merchantId,
        vendorCode,
        vendorName: studio.name,
        games: studio.games.map((game) => ({
          gameCode: game.gameCode,
          name: game.name,
          category: game.gameType,
          iconUrl: game.iconUrl,
          largeIconUrl: game.largeIconUrl,
          supportsFreePlay: game.supportsDemo,
          isEnabled: game.isEnabled,
        })),
      });
      const gameCount = studio.games.filter((game) => game.isEnabled).length;
      await tx
        .insert(aggregatorStudios)
        .values({
          integrationId: integration.id,
          studioCode,
          studioName: studio.name,
          vendorId: counts.vendorId,
          gameCount,
          syncedAt: input.now,
        })
        .onConflictDoUpdate({
          target: [aggregatorStudios.integrationId, aggregatorStudios.studioCode],
          set: { studioName: studio.name, vendorId: counts.vendorId, gameCount, syncedAt: input.now },
        });
      result.studios.push({
        studioCode,
        studioName: studio.name,
        vendorCode,
        added: counts.added,
        updated: counts.updated,
        disabled: counts.disabled,
        unchanged: counts.unchanged,
      });
      result.added += counts.added;
      result.updated += counts.updated;
      result.disabled += counts.disabled;
      result.unchanged += counts.unchanged;
    }
    await tx
      .update(aggregatorIntegrations)
      .set({ lastSyncedAt: input.now, updatedAt: input.now })
      .where(and(eq(aggregatorIntegrations.id, integration.id), eq(aggregatorIntegrations.merchantId, input.merchantId)));
  });
  await announceCatalogueChange(db);
  return result;
}

/** The studios the aggregator offers now, with their game counts (asked live; nothing stored). */
export async function listOfferedStudios(
  db: Db,
  registry: AggregatorRegistry,
  input: { merchantId: number; integrationId: number },
): Promise<{ studioCode: string; studioName: string; vendorCode: string | null; gameCount: number; isEnabled: boolean }[]> {
  const integration = await findIntegration(db, input.merchantId, input.integrationId);
  const offered = await callAggregator(() => registry.client(integration.protocol).listGames(integration));
  const studios = new Map<string, { studioName: string; gameCount: number }>();
  for (const game of offered) {
    const studio = studios.get(game.studioCode) ?? { studioName: game.studioName, gameCount: 0 };
    if (game.isEnabled) studio.gameCount += 1;
    studios.set(game.studioCode, studio);
  }
  return [...studios.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([studioCode, studio]) => ({
      studioCode,
      studioName: studio.studioName,
      vendorCode: integration.enabledStudios.includes(studioCode) ? studioVendorCode(integration.code, studioCode) : null,
      gameCount: studio.gameCount,
      isEnabled: integration.enabledStudios.includes(studioCode),
    }));
}
