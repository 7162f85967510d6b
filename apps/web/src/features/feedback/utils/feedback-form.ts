/** Spec sections 5 and 9: the description is trimmed, at most 200 characters, hint 20 to 200. */
export const FEEDBACK_MAX_LENGTH = 200;
export const FEEDBACK_HINT_MIN = 20;

export type FeedbackField = 'type' | 'description' | 'captcha';

/** The fields left empty, in the form's order (the warning reads "X is empty"). */
export function missingFeedbackFields(values: { type: string; description: string; captcha: string }): FeedbackField[] {
  const missing: FeedbackField[] = [];
  if (values.type === '') missing.push('type');
  if (values.description.trim() === '') missing.push('description');
  if (values.captcha.trim() === '') missing.push('captcha');
  return missing;
}

/** Characters counted as the member sees them (a Bengali letter with its vowel sign counts as typed). */
export function feedbackLength(description: string): number {
  return [...description.trim()].length;
}
