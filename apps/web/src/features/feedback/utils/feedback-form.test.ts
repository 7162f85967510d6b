import { describe, expect, it } from 'vitest';
import { feedbackLength, missingFeedbackFields } from './feedback-form';

describe('feedback form rules (spec section 5)', () => {
  it('names every empty field, in the form order', () => {
    expect(missingFeedbackFields({ type: '', description: '  ', captcha: '' })).toEqual(['type', 'description', 'captcha']);
    expect(missingFeedbackFields({ type: '0', description: 'hello', captcha: 'AB12' })).toEqual([]);
    expect(missingFeedbackFields({ type: '1', description: 'hello', captcha: '' })).toEqual(['captcha']);
  });

  it('counts the trimmed description', () => {
    expect(feedbackLength('  hello  ')).toBe(5);
  });
});
