import { FEEDBACK_PATHS, feedbackBody, feedbackResponse } from '@kismat/contracts/feedback';
import type { FastifyInstance } from 'fastify';
import { authenticate, bearerToken } from '../../platform/auth';
import { verifyCaptcha } from '../../platform/captcha';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { defineRoutes } from '../../platform/route';
import { submitFeedback } from './submit-feedback';

/** The feedback popup's call (spec section 7): open to visitors, captcha-checked, rate-limited. */
export async function registerFeedbackRoutes(app: FastifyInstance): Promise<void> {
  // Open to visitors (no bearer security); documents its 200 answer only.
  const route = defineRoutes(app, { tags: ['feedback'], security: false, errors: {} });
  route.put(
    FEEDBACK_PATHS.submit,
    {
      summary: 'Send feedback: question type, description (at most 200 characters) and captcha',
      body: feedbackBody,
      response: feedbackResponse,
      rateLimit: publicRateLimit('feedback'),
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
      return { id };
    },
  );
}
