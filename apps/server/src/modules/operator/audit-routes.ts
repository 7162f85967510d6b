import { errorEnvelope } from '@kismat/contracts/envelope';
import { auditPageResponse, auditQuery, OPERATOR_ACCOUNT_PATHS } from '@kismat/contracts/operator-accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { listAuditEntries } from './list-audit-entries';

/** The operator audit log, newest first, with filters; every role may read it. */
export async function registerOperatorAuditRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    OPERATOR_ACCOUNT_PATHS.audit,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags: ['operator'],
        security: [{ bearer: [] }],
        summary: 'Audit log of operator actions (paging; filters: action prefix, operator, target, time range)',
        querystring: auditQuery,
        response: { 200: auditPageResponse, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    },
    async (request) => ok(request, await listAuditEntries(root.db, request.query, { merchantId: currentOperator(request).merchantId })),
  );
}
