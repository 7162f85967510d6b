import {
  OPERATOR_ACCOUNT_PATHS,
  operatorLoginBody,
  operatorLoginResponse,
  operatorLogoutResponse,
  operatorMeResponse,
  operatorTotpEnableBody,
  operatorTotpSetupResponse,
} from '@kismat/contracts/operator-accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { defineRoutes } from '../../platform/route';
import { enableOperatorTotp, setupOperatorTotp } from './enrol-operator-totp';
import { loginOperator } from './login-operator';
import { logoutOperator } from './logout-operator';
import { presentOperator } from './present-operator';

const tags = ['operator'];

/** Operator sessions: log in (rate-limited per IP, locked per account), who am I, log out. */
export async function registerOperatorSessionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const route = defineRoutes(app, { tags });

  route.post(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      summary: 'Operator login: username and password; answers a bearer token valid for 8 hours',
      body: operatorLoginBody,
      response: operatorLoginResponse,
      security: false,
      rateLimit: publicRateLimit('login'),
    },
    async (request) => {
      const { token, identity } = await loginOperator(request, request.body);
      return { ...(await presentOperator(root.db, identity)), token };
    },
  );

  route.get(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      summary: 'The calling operator and its role',
      response: operatorMeResponse,
      guard: operatorGuard('read', { allowsSecondFactorPending: true }),
    },
    async (request) => await presentOperator(root.db, currentOperator(request)),
  );

  route.delete(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      summary: 'Operator logout: revokes this session',
      response: operatorLogoutResponse,
      guard: operatorGuard('read', { allowsSecondFactorPending: true }),
    },
    async (request) => {
      await logoutOperator(request, currentOperator(request));
      return null;
    },
  );

  route.post(
    OPERATOR_ACCOUNT_PATHS.totpSetup,
    {
      summary: "Start enrolling the operator's authenticator: a new TOTP secret and its otpauth URI (QR)",
      response: operatorTotpSetupResponse,
      guard: operatorGuard('read', { allowsSecondFactorPending: true }),
    },
    async (request) => await setupOperatorTotp(request, currentOperator(request)),
  );

  route.post(
    OPERATOR_ACCOUNT_PATHS.totp,
    {
      summary: 'Confirm the first code: the second factor is on and this session opens',
      body: operatorTotpEnableBody,
      response: operatorMeResponse,
      guard: operatorGuard('read', { allowsSecondFactorPending: true }),
    },
    async (request) => {
      const identity = currentOperator(request);
      await enableOperatorTotp(request, identity, request.body.code);
      return await presentOperator(root.db, { ...identity, isSecondFactorPending: false, hasTotp: true });
    },
  );
}
