import {
  createOperatorBody,
  OPERATOR_MANAGEMENT_PATHS,
  operatorAccountResponse,
  operatorAccountsResponse,
  operatorIdParams,
  updateOperatorBody,
} from '@kismat/contracts/operator-accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
import { createOperator, isOperatorNameTaken, listOperators, updateOperator } from './manage-operators';

const tags = ['operator'];

/** Operator management: admins list, create and change operator accounts (every change audited). */
export async function registerOperatorManagementRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = operatorGuard('settings');

  app.get(
    OPERATOR_MANAGEMENT_PATHS.operators,
    {
      onRequest: settings,
      schema: { tags, security, summary: 'Operator accounts', response: { 200: operatorAccountsResponse, ...errors } },
    },
    async (request) => ok(request, await listOperators(root.db, currentOperator(request), root.now())),
  );

  app.post(
    OPERATOR_MANAGEMENT_PATHS.operators,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: 'Create an operator account with a role (admin, finance, support)',
        body: createOperatorBody,
        response: { 200: operatorAccountResponse, ...errors },
      },
    },
    async (request) => {
      if (await isOperatorNameTaken(root.db, request.body.username)) throw new AppError('USERNAME_TAKEN');
      return ok(request, await createOperator(request, currentOperator(request), request.body));
    },
  );

  app.patch(
    OPERATOR_MANAGEMENT_PATHS.operator,
    {
      onRequest: settings,
      schema: {
        tags,
        security,
        summary: "Change an operator's role or status, set a new password (ends its sessions) or clear its lockout",
        params: operatorIdParams,
        body: updateOperatorBody,
        response: { 200: operatorAccountResponse, ...errors },
      },
    },
    async (request) => ok(request, await updateOperator(request, currentOperator(request), request.params.id, request.body)),
  );
}
