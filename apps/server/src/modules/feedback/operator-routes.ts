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
import { currentOperator, onScopedMerchant, operatorGuard } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { answerFeedback, changeFeedbackStatus, listFeedback, presentFeedback } from './manage-feedback';

const tags = ['operator', 'feedback'];

/** Customer service's feedback desk: list, answer (to the member's inbox), status. Every operator role; scoped by merchant. */
export async function registerOperatorFeedbackRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard('read');
  const route = defineRoutes(app, { tags });

  route.get(
    FEEDBACK_ADMIN_PATHS.list,
    {
      summary: 'Feedback by question type and status, newest first',
      querystring: feedbackListQuery,
      params: feedbackMerchantParams,
      response: feedbackListResponse,
      guard: guard,
    },
    onScopedMerchant(async (merchant, request) => {
      const { items, total } = await listFeedback(root.db, merchant.id, request.query);
      return { items: items.map(presentFeedback), total };
    }),
  );

  route.post(
    FEEDBACK_ADMIN_PATHS.reply,
    {
      summary: "Answer a feedback; a member's answer lands in their inbox",
      params: feedbackAdminParams,
      body: feedbackReplyBody,
      response: feedbackItemResponse,
      guard: guard,
    },
    onScopedMerchant(async (merchant, request) => {
      const row = await answerFeedback({ db: root.db, realtime: root.realtime, now: root.now() }, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        reply: request.body.reply,
      });
      return presentFeedback(row);
    }),
  );

  route.post(
    FEEDBACK_ADMIN_PATHS.status,
    {
      summary: 'Set a feedback NEW, ANSWERED or CLOSED',
      params: feedbackAdminParams,
      body: feedbackStatusBody,
      response: feedbackItemResponse,
      guard: guard,
    },
    onScopedMerchant(async (merchant, request) => {
      const row = await changeFeedbackStatus(root.db, request, currentOperator(request), {
        merchantId: merchant.id,
        id: request.params.id,
        status: request.body.status,
      });
      return presentFeedback(row);
    }),
  );
}
