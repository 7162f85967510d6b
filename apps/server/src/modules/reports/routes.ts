import { Readable } from 'node:stream';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { merchantCodeParams } from '@kismat/contracts/operator';
import {
  dashboardResponse,
  OPERATOR_REPORT_PATHS,
  REPORT_MAX_DAYS,
  reportExportQuery,
  reportQuery,
  reportResponse,
} from '@kismat/contracts/reports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { onScopedMerchant, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { daysBetween } from './local-time';
import { readDashboard, readReport } from './read-report';
import { reportCsvLines } from './report-csv';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

function languageOf(request: FastifyRequest): string {
  return String(request.language ?? 'EN').toUpperCase();
}

function checkSpan(from: string, to: string): void {
  // A year of days is the longest report: a wider one is refused, not answered slowly.
  if (daysBetween(from, to) > REPORT_MAX_DAYS) throw new AppError('VALIDATION_FAILED');
}

/** Back office reports (finance and admin: they show the money of the whole merchant). */
export async function registerReportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(routes, { tags: ['operator-reports'] });

  route.get(
    OPERATOR_REPORT_PATHS.dashboard,
    {
      summary: 'Reports: today so far against yesterday (merchant local days), with hourly bets and GGR',
      params: merchantCodeParams,
      response: dashboardResponse,
      errors,
      guard: operatorGuard('money'),
    },
    onScopedMerchant(async (merchant) => {
      return readDashboard(app.db, { merchantId: merchant.id, offsetMinutes: merchant.utcOffsetMinutes, now: app.now() });
    }),
  );

  route.get(
    OPERATOR_REPORT_PATHS.report,
    {
      summary:
        'Reports: deposits, withdrawals, bets, wins, GGR, NGR, members, commissions over local days by day/week/month, by channel and game',
      params: merchantCodeParams,
      querystring: reportQuery,
      response: reportResponse,
      errors,
      guard: operatorGuard('money'),
    },
    onScopedMerchant(async (merchant, request) => {
      checkSpan(request.query.from, request.query.to);
      return readReport(app.db, {
        merchantId: merchant.id,
        offsetMinutes: merchant.utcOffsetMinutes,
        from: request.query.from,
        to: request.query.to,
        by: request.query.by,
        now: app.now(),
        language: languageOf(request),
      });
    }),
  );

  // CSV, not an envelope: declared on the app directly (docs/ARCHITECTURE.md "Routes").
  routes.get(
    OPERATOR_REPORT_PATHS.export,
    {
      schema: {
        summary: 'Reports as CSV (UTF-8 with BOM, for Excel)',
        tags: ['operator-reports'],
        params: merchantCodeParams,
        querystring: reportExportQuery,
      },
      onRequest: operatorGuard('money'),
    },
    async (request, reply) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const query = request.query;
      checkSpan(query.from, query.to);
      const report = await readReport(app.db, {
        merchantId: merchant.id,
        offsetMinutes: merchant.utcOffsetMinutes,
        from: query.from,
        to: query.to,
        by: query.by,
        now: app.now(),
        language: languageOf(request),
      });
      const name = `report-${merchant.code}-${query.view}-${query.from}_${query.to}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(reportCsvLines(report, query.view)));
    },
  );
}
