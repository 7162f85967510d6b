import {
  codeSentResponse,
  emailBindSendBody,
  outboxQuery,
  outboxResponse,
  smsSendBody,
  VERIFICATION_PATHS,
} from '@kismat/contracts/verification';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { currentMember } from '../../platform/auth';
import { currentOperator, operatorGuard } from '../../platform/operator-auth';
import { requireRealMember } from '../../platform/policy';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { accountContext } from '../../platform/request-context';
import { defineRoutes } from '../../platform/route';
import { errors } from '../../platform/route-docs';
import { answerNoLoginCode, codeSentAnswer, noLoginCodeRoute } from './code-sent-answer';
import { readOutbox } from './read-outbox';
import { sendEmailBindCode, sendMobileBindCode } from './send-bind-code';
import { sendRegisterCode } from './send-register-code';

/** The options of a route that sends a code to bind a contact to the logged-in (real) member. */
function bindCodeRoute<Body extends ZodType>(summary: string, body: Body) {
  return {
    preValidation: requireRealMember,
    schema: {
      tags: ['verification', 'security'],
      summary,
      security: [{ bearer: [] }],
      body,
      response: { 200: codeSentResponse, ...errors },
    },
  };
}

export async function verificationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    VERIFICATION_PATHS.smsNoLogin,
    noLoginCodeRoute(
      ['verification'],
      'SMS code for SMS login and set-password-by-phone; same answer whether or not the number has an account',
    ),
    (request) => answerNoLoginCode(request, request.body),
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
      return codeSentAnswer(request, await sendRegisterCode(accountContext(request), request.body));
    },
  );

  app.post(
    VERIFICATION_PATHS.smsBind,
    bindCodeRoute('SMS code to bind a mobile number to the logged-in member', smsSendBody),
    async (request) => codeSentAnswer(request, await sendMobileBindCode(accountContext(request), currentMember(request), request.body)),
  );

  app.post(
    VERIFICATION_PATHS.emailBind,
    bindCodeRoute('E-mail code to bind an address to the logged-in member', emailBindSendBody),
    async (request) => codeSentAnswer(request, await sendEmailBindCode(accountContext(request), currentMember(request), request.body)),
  );

  // The outbox is a demo convenience: on a real site messages leave through the providers and
  // no operator screen ever shows a member's code.
  if (root.config.SEED_DEMO) {
    const route = defineRoutes(app, { tags: ['operator'] });
    route.get(
      VERIFICATION_PATHS.outbox,
      {
        summary: 'DEMO outbox: SMS and e-mail kept instead of sent, codes masked (admins of the merchant; every read is audited)',
        querystring: outboxQuery,
        response: outboxResponse,
        guard: operatorGuard('settings'),
        rateLimit: publicRateLimit('outbox'),
      },
      async (request) => await readOutbox(request, currentOperator(request), request.query),
    );
  }
}
