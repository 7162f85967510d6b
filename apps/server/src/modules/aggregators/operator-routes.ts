import {
  aggregatorBody,
  aggregatorMerchantParams,
  aggregatorParams,
  aggregatorReconcileBody,
  aggregatorReconcileResponse,
  aggregatorResponse,
  aggregatorRoundsQuery,
  aggregatorRoundsResponse,
  aggregatorStudiosResponse,
  aggregatorSyncResponse,
  aggregatorsResponse,
  OPERATOR_AGGREGATOR_PATHS,
} from '@kismat/contracts/aggregators';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { findMemberByUsername } from '../member/index';
import { createIntegration, findIntegration, listIntegrations, presentOne, updateIntegration } from './integrations';
import { listAggregatorRounds } from './list-aggregator-rounds';
import { reconcileAggregatorReport } from './reconcile-aggregator-report';
import { type AggregatorRegistry, defaultAggregatorRegistry } from './registry';
import { listOfferedStudios, syncAggregatorCatalogue } from './sync-aggregator-catalogue';

const tags = ['operator', 'aggregators'];

/**
 * Operator API for game aggregators (issue 21). Reads for every role, changes (configure, sync)
 * for admin. Secrets never cross this API: a contract names the env var holding ours and shows
 * whether it is set. Every change is audited (the audit holds the env var name, never a value).
 */
export async function registerAggregatorOperatorRoutes(
  root: FastifyInstance,
  options: { registry?: AggregatorRegistry } = {},
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const registry = options.registry ?? defaultAggregatorRegistry();
  const secrets = { readSecret: (name: string) => process.env[name] };
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  route.get(
    OPERATOR_AGGREGATOR_PATHS.list,
    {
      summary: "The merchant's aggregator contracts (secret env var name and set / not set, never its value)",
      params: aggregatorMerchantParams,
      response: aggregatorsResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant) => ({ list: await listIntegrations(root.db, merchant.id, secrets) })),
  );

  route.post(
    OPERATOR_AGGREGATOR_PATHS.list,
    {
      summary: 'Add an aggregator contract',
      params: aggregatorMerchantParams,
      body: aggregatorBody,
      response: aggregatorResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const id = await createIntegration(root.db, merchant.id, request.body, root.now());
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'aggregator.created',
        targetType: 'aggregator',
        targetId: String(id),
        merchantId: merchant.id,
        detail: { after: request.body },
      });
      return presentOne(root.db, merchant.id, id, secrets);
    }),
  );

  route.put(
    OPERATOR_AGGREGATOR_PATHS.one,
    {
      summary: 'Change an aggregator contract (code and protocol are fixed once synced)',
      params: aggregatorParams,
      body: aggregatorBody,
      response: aggregatorResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const before = await findIntegration(root.db, merchant.id, request.params.id);
      await updateIntegration(root.db, merchant.id, request.params.id, request.body, root.now());
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'aggregator.changed',
        targetType: 'aggregator',
        targetId: String(request.params.id),
        merchantId: merchant.id,
        detail: { before: { ...before, lastSyncedAt: before.lastSyncedAt?.toISOString() ?? null }, after: request.body },
      });
      return presentOne(root.db, merchant.id, request.params.id, secrets);
    }),
  );

  route.get(
    OPERATOR_AGGREGATOR_PATHS.studios,
    {
      summary: 'The studios the aggregator offers now (asked live) with their game counts',
      params: aggregatorParams,
      response: aggregatorStudiosResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      return { list: await listOfferedStudios(root.db, registry, { merchantId: merchant.id, integrationId: request.params.id }) };
    }),
  );

  route.post(
    OPERATOR_AGGREGATOR_PATHS.sync,
    {
      summary: "Sync the catalogue from the aggregator's game list: enabled studios become vendors; games added, updated, disabled",
      params: aggregatorParams,
      response: aggregatorSyncResponse,
      guard: settings,
    },
    onScopedMerchant(async (merchant, request) => {
      const result = await syncAggregatorCatalogue(root.db, registry, {
        merchantId: merchant.id,
        integrationId: request.params.id,
        now: root.now(),
      });
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'aggregator.synced',
        targetType: 'aggregator',
        targetId: String(request.params.id),
        merchantId: merchant.id,
        detail: {
          offered: result.offered,
          added: result.added,
          updated: result.updated,
          disabled: result.disabled,
          unchanged: result.unchanged,
        },
      });
      return result;
    }),
  );

  route.get(
    OPERATOR_AGGREGATOR_PATHS.rounds,
    {
      summary: 'Our rounds played through the aggregator (its studios), newest first, paged and filtered',
      params: aggregatorParams,
      querystring: aggregatorRoundsQuery,
      response: aggregatorRoundsResponse,
      guard: read,
    },
    onScopedMerchant(async (merchant, request) => {
      const { username, ...query } = request.query;
      const member = username ? await findMemberByUsername(root.db, merchant.id, username) : null;
      if (username && !member) return { list: [], total: 0 };
      return listAggregatorRounds(root.db, { merchantId: merchant.id, integrationId: request.params.id, memberId: member?.id, ...query });
    }),
  );

  route.post(
    OPERATOR_AGGREGATOR_PATHS.reconcile,
    {
      summary: "Reconcile the aggregator's report file (CSV) against our rounds: matches and mismatches; stores nothing",
      params: aggregatorParams,
      body: aggregatorReconcileBody,
      response: aggregatorReconcileResponse,
      guard: read,
      rateLimit: { max: 20, timeWindow: 60_000 },
    },
    onScopedMerchant(async (merchant, request) => {
      return reconcileAggregatorReport(root.db, { merchantId: merchant.id, integrationId: request.params.id, report: request.body.report });
    }),
  );
}
