import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  FEEDBACK_ADMIN_PATHS,
  feedbackAdminParams,
  feedbackItemResponse,
  feedbackListQuery,
  feedbackListResponse,
  feedbackMerchantParams,
  feedbackReplyBody,
  feedbackStatusBody,
} from '@kismat/contracts/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { answerFeedback, changeFeedbackStatus, listFeedback, presentFeedback } from './manage-feedback';

const tags = ['operator', 'feedback'];
const security = [{ bearer: [] }];
const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** Customer service's feedback desk: list, answer (to the member's inbox), status. Every operator role; scoped by merchant. */
export async function registerOperatorFeedbackRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard('read');

  app.get(
    FEEDBACK_ADMIN_PATHS.list,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Feedback by question type and status, newest first',
        params: feedbackMerchantParams,
        querystring: feedbackListQuery,
        response: { 200: feedbackListResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const { items, total } = await listFeedback(root.db, merchant.id, request.query);
      return ok(request, { items: items.map(presentFeedback), total });
    },
  );

  app.post(
    FEEDBACK_ADMIN_PATHS.reply,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: "Answer a feedback; a member's answer lands in their inbox",
        params: feedbackAdminParams,
        body: feedbackReplyBody,
        response: { 200: feedbackItemResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const row = await answerFeedback({ db: root.db, realtime: root.realtime, now: root.now() }, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        reply: request.body.reply,
      });
      return ok(request, presentFeedback(row));
    },
  );

  app.post(
    FEEDBACK_ADMIN_PATHS.status,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Set a feedback NEW, ANSWERED or CLOSED',
        params: feedbackAdminParams,
        body: feedbackStatusBody,
        response: { 200: feedbackItemResponse, ...errors },
      },
    },
    async (request) => {
      const merchant = await scopedMerchantByCode(request, request.params.code);
      const row = await changeFeedbackStatus(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        status: request.body.status,
      });
      return ok(request, presentFeedback(row));
    },
  );
}
