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
import { AppError } from '../../platform/errors';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { createOperator, isOperatorNameTaken, listOperators, updateOperator } from './manage-operators';

const tags = ['operator'];

/** Operator management: admins list, create and change operator accounts (every change audited). */
export async function registerOperatorManagementRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  route.get(
    OPERATOR_MANAGEMENT_PATHS.operators,
    { summary: 'Operator accounts', response: operatorAccountsResponse, guard: settings },
    async (request) => await listOperators(root.db, currentOperator(request), root.now()),
  );

  route.post(
    OPERATOR_MANAGEMENT_PATHS.operators,
    {
      summary: 'Create an operator account with a role (admin, finance, support)',
      body: createOperatorBody,
      response: operatorAccountResponse,
      guard: settings,
    },
    async (request) => {
      if (await isOperatorNameTaken(root.db, request.body.username)) throw new AppError('USERNAME_TAKEN');
      return await createOperator(request, currentOperator(request), request.body);
    },
  );

  route.patch(
    OPERATOR_MANAGEMENT_PATHS.operator,
    {
      summary: "Change an operator's role or status, set a new password (ends its sessions) or clear its lockout",
      params: operatorIdParams,
      body: updateOperatorBody,
      response: operatorAccountResponse,
      guard: settings,
    },
    async (request) => await updateOperator(request, currentOperator(request), request.params.id, request.body),
  );
}
