import type { AggregatorBody, AggregatorValue } from '@kismat/contracts/aggregators';
import { and, asc, eq } from 'drizzle-orm';
import { aggregatorStudios } from '../../db/schema/aggregator-studios';
import { aggregatorIntegrations } from '../../db/schema/aggregators';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AggregatorClientDeps, AggregatorIntegration, AggregatorProtocol } from './client';

type IntegrationRow = typeof aggregatorIntegrations.$inferSelect;

export function integrationOf(row: IntegrationRow): AggregatorIntegration {
  return {
    id: row.id,
    merchantId: row.merchantId,
    code: row.code,
    protocol: row.protocol as AggregatorProtocol,
    name: row.name,
    isEnabled: row.isEnabled,
    baseUrl: row.baseUrl,
    operatorRef: row.operatorRef,
    inboundKey: row.inboundKey,
    secretEnv: row.secretEnv,
    currencyMap: row.currencyMap,
    enabledStudios: row.enabledStudios,
    lastSyncedAt: row.lastSyncedAt,
  };
}

/** A merchant's contract by id; NOT_FOUND for another merchant's (no cross-merchant reach). */
export async function findIntegration(db: DbOrTx, merchantId: number, id: number): Promise<AggregatorIntegration> {
  const [row] = await db
    .select()
    .from(aggregatorIntegrations)
    .where(and(eq(aggregatorIntegrations.id, id), eq(aggregatorIntegrations.merchantId, merchantId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return integrationOf(row);
}

/** The studio vendors of a contract (vendor ids of its synced studios). */
export async function studioVendorIds(db: DbOrTx, integrationId: number): Promise<number[]> {
  const rows = await db
    .select({ vendorId: aggregatorStudios.vendorId })
    .from(aggregatorStudios)
    .where(eq(aggregatorStudios.integrationId, integrationId));
  return rows.map((row) => row.vendorId);
}

/** The operator's view of the merchant's contracts: the secret's env var NAME and whether it is set, never its value. */
export async function listIntegrations(
  db: DbOrTx,
  merchantId: number,
  deps: Pick<AggregatorClientDeps, 'readSecret'>,
): Promise<AggregatorValue[]> {
  const rows = await db
    .select()
    .from(aggregatorIntegrations)
    .where(eq(aggregatorIntegrations.merchantId, merchantId))
    .orderBy(asc(aggregatorIntegrations.id));
  if (rows.length === 0) return [];
  const studios = await db
    .select({
      integrationId: aggregatorStudios.integrationId,
      studioCode: aggregatorStudios.studioCode,
      studioName: aggregatorStudios.studioName,
      vendorId: aggregatorStudios.vendorId,
      gameCount: aggregatorStudios.gameCount,
    })
    .from(aggregatorStudios)
    .orderBy(asc(aggregatorStudios.studioCode));
  return rows.map((row) =>
    presentIntegration(
      row,
      studios.filter((studio) => studio.integrationId === row.id),
      deps,
    ),
  );
}

export async function presentOne(
  db: DbOrTx,
  merchantId: number,
  id: number,
  deps: Pick<AggregatorClientDeps, 'readSecret'>,
): Promise<AggregatorValue> {
  const found = (await listIntegrations(db, merchantId, deps)).find((item) => item.id === id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

function presentIntegration(
  row: IntegrationRow,
  studios: { studioCode: string; studioName: string; gameCount: number }[],
  deps: Pick<AggregatorClientDeps, 'readSecret'>,
): AggregatorValue {
  const secret = deps.readSecret(row.secretEnv);
  // The back office names the merchant by its code: the id stays out of the answer.
  const { merchantId: _merchantId, ...integration } = integrationOf(row);
  return {
    ...integration,
    isSecretSet: typeof secret === 'string' && secret.trim().length > 0,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    studios: studios.map((studio) => ({
      studioCode: studio.studioCode,
      studioName: studio.studioName,
      vendorCode: studioVendorCode(row.code, studio.studioCode),
      gameCount: studio.gameCount,
      isEnabled: row.enabledStudios.includes(studio.studioCode),
    })),
  };
}

/** Our vendor code for a studio of a contract: `<contract code>_<studio code>`, at most 32 characters. */
export function studioVendorCode(integrationCode: string, studioCode: string): string {
  return `${integrationCode}_${studioCode}`.slice(0, 32);
}

/** Creates a contract; CONFLICT when the merchant already has one with that code. */
export async function createIntegration(db: DbOrTx, merchantId: number, body: AggregatorBody, now: Date): Promise<number> {
  try {
    const [row] = await db
      .insert(aggregatorIntegrations)
      .values({ merchantId, ...body, createdAt: now, updatedAt: now })
      .returning({ id: aggregatorIntegrations.id });
    if (!row) throw new AppError('INTERNAL_ERROR');
    return row.id;
  } catch (error) {
    if (uniqueViolationConstraint(error) !== null) throw new AppError('CONFLICT');
    throw error;
  }
}

/**
 * Changes a contract. Its code and protocol are fixed once studios are synced (they name our
 * vendors and the adapter that answers its calls): changing them is CONFLICT.
 */
export async function updateIntegration(db: DbOrTx, merchantId: number, id: number, body: AggregatorBody, now: Date): Promise<void> {
  const before = await findIntegration(db, merchantId, id);
  if ((before.code !== body.code || before.protocol !== body.protocol) && (await studioVendorIds(db, id)).length > 0)
    throw new AppError('CONFLICT');
  try {
    await db
      .update(aggregatorIntegrations)
      .set({ ...body, updatedAt: now })
      .where(and(eq(aggregatorIntegrations.id, id), eq(aggregatorIntegrations.merchantId, merchantId)));
  } catch (error) {
    if (uniqueViolationConstraint(error) !== null) throw new AppError('CONFLICT');
    throw error;
  }
}

/** The merchant's ENABLED contract whose studio is this vendor, or null (a vendor of ours, or a contract switched off). */
export async function findIntegrationForVendor(db: DbOrTx, merchantId: number, vendorId: number): Promise<AggregatorIntegration | null> {
  const [row] = await db
    .select({ integration: aggregatorIntegrations })
    .from(aggregatorStudios)
    .innerJoin(aggregatorIntegrations, eq(aggregatorIntegrations.id, aggregatorStudios.integrationId))
    .where(and(eq(aggregatorStudios.vendorId, vendorId), eq(aggregatorIntegrations.merchantId, merchantId)))
    .limit(1);
  return row ? integrationOf(row.integration) : null;
}

/** Whether any contract (of any merchant) brings this vendor: its games launch only through one. */
export async function isAggregatorVendor(db: DbOrTx, vendorId: number): Promise<boolean> {
  const [row] = await db
    .select({ vendorId: aggregatorStudios.vendorId })
    .from(aggregatorStudios)
    .where(eq(aggregatorStudios.vendorId, vendorId))
    .limit(1);
  return row !== undefined;
}
