import { z } from 'zod';
import { FEEDBACK } from './constants';
import { envelopeOf } from './envelope';

export const FEEDBACK_PATHS = { submit: '/wps/feedback' } as const;

/** Question types of spec section 3 (value, type). */
export const QUESTION_TYPE_VALUES = [1, 2, 3, 4, 6, 0] as const;

/** PUT /wps/feedback (N): `{ content, sender, type, captcha }`; the description is trimmed, at most 200. */
export const feedbackBody = z.object({
  content: z.string().trim().min(1).max(FEEDBACK.MAX_LENGTH),
  sender: z.string().trim().max(64).optional().default(''),
  type: z.coerce
    .number()
    .int()
    .refine((value) => (QUESTION_TYPE_VALUES as readonly number[]).includes(value), 'unknown question type'),
  captcha: z.string().trim().min(1).max(16),
  captchaId: z.string().max(64).optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackResponse = envelopeOf(z.object({ id: z.number().int() }));

// Back office: customer service reads feedback by question type and status and answers it.
export const FEEDBACK_ADMIN_PATHS = {
  /** GET ?type&status&page: feedback, newest first. */
  list: '/admin-api/merchants/:code/feedback',
  /** POST { reply }: answer (a member's copy lands in their inbox); status becomes ANSWERED. */
  reply: '/admin-api/merchants/:code/feedback/:id/reply',
  /** POST { status }: NEW, ANSWERED or CLOSED. */
  status: '/admin-api/merchants/:code/feedback/:id/status',
} as const;

export const FEEDBACK_STATUSES = ['NEW', 'ANSWERED', 'CLOSED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_REPLY_MAX = 2000;

export const feedbackListQuery = z.object({
  type: z.coerce.number().int().optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const feedbackItem = z.object({
  id: z.number(),
  memberId: z.number().nullable(),
  sender: z.string(),
  type: z.number(),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackListResponse = envelopeOf(z.object({ items: z.array(feedbackItem), total: z.number() }));
export const feedbackItemResponse = envelopeOf(feedbackItem);
export const feedbackReplyBody = z.object({ reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX) });
export const feedbackStatusBody = z.object({ status: z.enum(FEEDBACK_STATUSES) });
export const feedbackAdminParams = z.object({ code: z.string().max(40), id: z.coerce.number().int().positive() });
export const feedbackMerchantParams = z.object({ code: z.string().max(40) });
