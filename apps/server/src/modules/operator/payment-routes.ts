import {
  OPERATOR_PAYMENT_PATHS,
  paymentProviderBody,
  paymentProviderParams,
  paymentProviderResponse,
  paymentProvidersQuery,
  paymentProvidersResponse,
  reconciliationMismatchesQuery,
  reconciliationMismatchesResponse,
  reconciliationMismatchResponse,
  reconciliationRunsQuery,
  reconciliationRunsResponse,
  resolveMismatchBody,
  resolveMismatchParams,
} from '@kismat/contracts/payment-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { findReconciliationMismatch, listPaymentProviders, listReconciliationMismatches, listReconciliationRuns } from '../cashier/index';
import { changePaymentProviderAudited, resolveMismatchAudited } from './review-payment-rails';

const tags = ['operator'];

/**
 * The payment rails in the back office (issue 22): reconciliation runs and mismatches (finance
 * and admin: `money`), resolving a mismatch with a note (audited), and the provider channels'
 * configuration without secrets (read: money; change: admin only, audited).
 */
export async function registerOperatorPaymentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(app, { tags });

  /** A list query as the reconciliation reads take it: the merchant by code, a scoped operator's own merchant only. */
  const scopedFilter = <Query extends { merchant?: string | undefined }>(request: FastifyRequest, query: Query) => ({
    ...query,
    merchantCode: query.merchant,
    scopeMerchantId: currentOperator(request).merchantId,
  });

  route.get(
    OPERATOR_PAYMENT_PATHS.runs,
    {
      summary: 'Payment reconciliation runs (per merchant, provider channel and merchant day), newest first',
      querystring: reconciliationRunsQuery,
      response: reconciliationRunsResponse,
      guard: operatorGuard('money'),
    },
    async (request) => ({ list: await listReconciliationRuns(root.db, scopedFilter(request, request.query)) }),
  );

  route.get(
    OPERATOR_PAYMENT_PATHS.mismatches,
    {
      summary: 'Reconciliation mismatches (default: open), filtered by run, merchant, provider, kind, direction, days',
      querystring: reconciliationMismatchesQuery,
      response: reconciliationMismatchesResponse,
      guard: operatorGuard('money'),
    },
    async (request) => ({ list: await listReconciliationMismatches(root.db, scopedFilter(request, request.query)) }),
  );

  route.post(
    OPERATOR_PAYMENT_PATHS.resolveMismatch,
    {
      summary: 'Resolve a reconciliation mismatch with a note saying what was done (audited; once)',
      params: resolveMismatchParams,
      body: resolveMismatchBody,
      response: reconciliationMismatchResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      await resolveMismatchAudited({ db: root.db, now: root.now() }, request, currentOperator(request), {
        id: request.params.id,
        note: request.body.note,
      });
      const value = await findReconciliationMismatch(root.db, request.params.id);
      if (!value) throw new AppError('NOT_FOUND');
      return value;
    },
  );

  route.get(
    OPERATOR_PAYMENT_PATHS.providers,
    {
      summary: 'Payment provider channels per merchant: provider, mode, host, which env vars are set (never their values)',
      querystring: paymentProvidersQuery,
      response: paymentProvidersResponse,
      guard: operatorGuard('money'),
    },
    async (request) => {
      const list = await listPaymentProviders(root.db, {
        merchantCode: request.query.merchant,
        scopeMerchantId: currentOperator(request).merchantId,
        language: request.language,
      });
      return { list };
    },
  );

  route.put(
    OPERATOR_PAYMENT_PATHS.provider,
    {
      summary: 'Switch a provider channel on/off, sandbox/live, payouts on/off (audited with a reason)',
      params: paymentProviderParams,
      body: paymentProviderBody,
      response: paymentProviderResponse,
      guard: operatorGuard('settings'),
    },
    async (request) => {
      const changed = await changePaymentProviderAudited({ db: root.db }, request, currentOperator(request), {
        channelId: request.params.id,
        ...request.body,
      });
      const list = await listPaymentProviders(root.db, { scopeMerchantId: changed.merchantId, language: request.language });
      const value = list.find((row) => row.channelId === changed.channelId);
      if (!value) throw new AppError('NOT_FOUND');
      return value;
    },
  );
}
