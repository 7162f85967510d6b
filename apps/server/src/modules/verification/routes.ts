import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  codeSentResponse,
  emailBindSendBody,
  outboxQuery,
  outboxResponse,
  smsSendBody,
  VERIFICATION_PATHS,
} from '@kismat/contracts/verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { requireOperator } from '../../platform/operator-auth';
import { requireRealMember } from '../../platform/policy';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { accountContext } from '../member/account-context';
import { readOutbox } from './read-outbox';
import { sendEmailBindCode, sendMobileBindCode } from './send-bind-code';
import { sendNoLoginCode } from './send-no-login-code';
import { sendRegisterCode } from './send-register-code';
import { codeSentMessage } from './verification-texts';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** The development outbox is open in development and test; elsewhere it needs the operator token. */
async function requireOutboxAccess(request: FastifyRequest): Promise<void> {
  const { NODE_ENV } = request.server.config;
  if (NODE_ENV === 'development' || NODE_ENV === 'test') return;
  requireOperator(request);
}

export async function verificationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    VERIFICATION_PATHS.smsNoLogin,
    {
      config: { rateLimit: publicRateLimit('smsSend') },
      schema: {
        tags: ['verification'],
        summary: 'SMS code for SMS login and set-password-by-phone; same answer whether or not the number has an account',
        body: smsSendBody,
        response: { 200: codeSentResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await sendNoLoginCode(accountContext(request), request.body);
      return { ...ok(request, sent), message: codeSentMessage(request.language, sent.expiredMinutes) };
    },
  );

  app.post(
    VERIFICATION_PATHS.smsRegister,
    {
      config: { rateLimit: publicRateLimit('smsSend') },
      schema: {
        tags: ['verification'],
        summary: 'SMS code for registration (mobile and username variants)',
        body: smsSendBody,
        response: { 200: codeSentResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await sendRegisterCode(accountContext(request), request.body);
      return { ...ok(request, sent), message: codeSentMessage(request.language, sent.expiredMinutes) };
    },
  );

  app.post(
    VERIFICATION_PATHS.smsBind,
    {
      preValidation: requireRealMember,
      schema: {
        tags: ['verification', 'security'],
        summary: 'SMS code to bind a mobile number to the logged-in member',
        security: [{ bearer: [] }],
        body: smsSendBody,
        response: { 200: codeSentResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await sendMobileBindCode(accountContext(request), currentMember(request), request.body);
      return { ...ok(request, sent), message: codeSentMessage(request.language, sent.expiredMinutes) };
    },
  );

  app.post(
    VERIFICATION_PATHS.emailBind,
    {
      preValidation: requireRealMember,
      schema: {
        tags: ['verification', 'security'],
        summary: 'E-mail code to bind an address to the logged-in member',
        security: [{ bearer: [] }],
        body: emailBindSendBody,
        response: { 200: codeSentResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await sendEmailBindCode(accountContext(request), currentMember(request), request.body);
      return { ...ok(request, sent), message: codeSentMessage(request.language, sent.expiredMinutes) };
    },
  );

  app.get(
    VERIFICATION_PATHS.outbox,
    {
      preValidation: requireOutboxAccess,
      config: { rateLimit: publicRateLimit('outbox') },
      schema: {
        tags: ['operator'],
        summary: 'Messages kept by the development SMS and e-mail outbox (operator token outside development and test)',
        security: [{ bearer: [] }],
        querystring: outboxQuery,
        response: { 200: outboxResponse, ...errors },
      },
    },
    async (request) => ok(request, await readOutbox(request.server.db, request.query)),
  );
}
