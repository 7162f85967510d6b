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
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { errors, bearerSecurity as security } from '../../platform/route-docs';
import { enableOperatorTotp, setupOperatorTotp } from './enrol-operator-totp';
import { loginOperator } from './login-operator';
import { logoutOperator } from './logout-operator';
import { presentOperator } from './present-operator';

const tags = ['operator'];

/** Operator sessions: log in (rate-limited per IP, locked per account), who am I, log out. */
export async function registerOperatorSessionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      config: { rateLimit: publicRateLimit('login') },
      schema: {
        tags,
        summary: 'Operator login: username and password; answers a bearer token valid for 8 hours',
        body: operatorLoginBody,
        response: { 200: operatorLoginResponse, ...errors },
      },
    },
    async (request) => {
      const { token, identity } = await loginOperator(request, request.body);
      return ok(request, { ...(await presentOperator(root.db, identity)), token });
    },
  );

  app.get(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      onRequest: operatorGuard('read', { allowsSecondFactorPending: true }),
      schema: { tags, security, summary: 'The calling operator and its role', response: { 200: operatorMeResponse, ...errors } },
    },
    async (request) => ok(request, await presentOperator(root.db, currentOperator(request))),
  );

  app.delete(
    OPERATOR_ACCOUNT_PATHS.session,
    {
      onRequest: operatorGuard('read', { allowsSecondFactorPending: true }),
      schema: { tags, security, summary: 'Operator logout: revokes this session', response: { 200: operatorLogoutResponse, ...errors } },
    },
    async (request) => {
      await logoutOperator(request, currentOperator(request));
      return ok(request, null);
    },
  );

  app.post(
    OPERATOR_ACCOUNT_PATHS.totpSetup,
    {
      onRequest: operatorGuard('read', { allowsSecondFactorPending: true }),
      schema: {
        tags,
        security,
        summary: "Start enrolling the operator's authenticator: a new TOTP secret and its otpauth URI (QR)",
        response: { 200: operatorTotpSetupResponse, ...errors },
      },
    },
    async (request) => ok(request, await setupOperatorTotp(request, currentOperator(request))),
  );

  app.post(
    OPERATOR_ACCOUNT_PATHS.totp,
    {
      onRequest: operatorGuard('read', { allowsSecondFactorPending: true }),
      schema: {
        tags,
        security,
        summary: 'Confirm the first code: the second factor is on and this session opens',
        body: operatorTotpEnableBody,
        response: { 200: operatorMeResponse, ...errors },
      },
    },
    async (request) => {
      const identity = currentOperator(request);
      await enableOperatorTotp(request, identity, request.body.code);
      return ok(request, await presentOperator(root.db, { ...identity, isSecondFactorPending: false, hasTotp: true }));
    },
  );
}
