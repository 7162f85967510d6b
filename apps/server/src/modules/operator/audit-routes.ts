import { auditPageResponse, auditQuery, OPERATOR_ACCOUNT_PATHS } from '@kismat/contracts/operator-accounts';
import type { FastifyInstance } from 'fastify';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { listAuditEntries } from './list-audit-entries';

/** The operator audit log, newest first, with filters; every role may read it. */
export async function registerOperatorAuditRoutes(root: FastifyInstance): Promise<void> {
  defineRoutes(root, { tags: ['operator'] }).get(
    OPERATOR_ACCOUNT_PATHS.audit,
    {
      summary: 'Audit log of operator actions (paging; filters: action prefix, operator, target, time range)',
      querystring: auditQuery,
      response: auditPageResponse,
      guard: operatorGuard('read'),
    },
    async (request) => await listAuditEntries(root.db, request.query, { merchantId: currentOperator(request).merchantId }),
  );
}
