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
