import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec section 7: PUT /wps/feedback (N); the shape is packages/contracts/src/feedback.ts (kept out of the bundle: Zod). */
const FEEDBACK_PATH = '/wps/feedback';

/** Question types of spec section 3 (value, type). */
export const QUESTION_TYPES = [
  { value: 1, type: 'deposit' },
  { value: 2, type: 'withdrawal' },
  { value: 3, type: 'game' },
  { value: 4, type: 'customer' },
  { value: 6, type: 'applyAgent' },
  { value: 0, type: 'others' },
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number]['value'];

export interface FeedbackBody {
  content: string;
  /** The logged-in username; empty for a visitor. */
  sender: string;
  type: QuestionType;
  captcha: string;
  captchaId?: string;
}

export function submitFeedback(body: FeedbackBody): Promise<unknown> {
  return api.put<unknown>(FEEDBACK_PATH, body, { skipAuthRedirect: true });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
