import { FEEDBACK_PATHS, feedbackBody, feedbackResponse } from '@kismat/contracts/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, bearerToken } from '../../platform/auth';
import { verifyCaptcha } from '../../platform/captcha';
import { ok } from '../../platform/envelope';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { submitFeedback } from './submit-feedback';

/** The feedback popup's call (spec section 7): open to visitors, captcha-checked, rate-limited. */
export async function registerFeedbackRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    FEEDBACK_PATHS.submit,
    {
      config: { rateLimit: publicRateLimit('feedback') },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback: question type, description (at most 200 characters) and captcha',
        body: feedbackBody,
        response: { 200: feedbackResponse },
      },
    },
    async (request) => {
      const body = request.body;
      await verifyCaptcha(request, { captcha: body.captcha, captchaId: body.captchaId });
      // A signed-in member's feedback is tied to the account and signed with its username, so
      // nobody can send feedback in another member's name; a visitor's name is only a label.
      const member = bearerToken(request) ? (await authenticate(request)).member : null;
      const { id } = await submitFeedback(app.db, {
        merchantId: request.merchant.id,
        memberId: member?.id ?? null,
        sender: member ? member.username : body.sender,
        type: body.type,
        content: body.content,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(request, { id });
    },
  );
}
