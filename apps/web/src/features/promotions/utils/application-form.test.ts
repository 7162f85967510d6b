import { describe, expect, it } from 'vitest';
import { applicationSchema, COMMENT_MAX_LENGTH, commentLength, IMAGE_MAX_BYTES } from './application-form';

const messages = {
  commentRequired: 'required',
  commentTooLong: 'too long',
  imageType: 'png or jpg',
  imageSize: 'too big',
  imageCount: 'too many',
};
const schema = applicationSchema(messages);

function image(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function messagesOf(input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('activity application form', () => {
  it('accepts a comment of 140 characters and three png or jpg images of 5 MB', () => {
    const images = [image('a.png', 'image/png', IMAGE_MAX_BYTES), image('b.jpg', 'image/jpeg', 10), image('c.jpeg', 'image/jpeg', 10)];
    expect(messagesOf({ comment: 'x'.repeat(COMMENT_MAX_LENGTH), images })).toEqual([]);
  });

  it('counts Bangla and emoji as the characters a person sees', () => {
    expect(commentLength('বোনাস')).toBe(5);
    expect(commentLength('🎉🎉')).toBe(2);
    expect(messagesOf({ comment: '🎉'.repeat(COMMENT_MAX_LENGTH), images: [] })).toEqual([]);
  });

  it('refuses an empty comment and one of 141 characters', () => {
    expect(messagesOf({ comment: '   ', images: [] })).toEqual(['required']);
    expect(messagesOf({ comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1), images: [] })).toEqual(['too long']);
  });

  it('refuses a fourth image, a gif, a renamed file and one over 5 MB', () => {
    const ok = image('a.png', 'image/png', 10);
    expect(messagesOf({ comment: 'hi', images: [ok, ok, ok, ok] })).toEqual(['too many']);
    expect(messagesOf({ comment: 'hi', images: [image('a.gif', 'image/gif', 10)] })).toEqual(['png or jpg']);
    expect(messagesOf({ comment: 'hi', images: [image('a.exe', 'image/png', 10)] })).toEqual(['png or jpg']);
    expect(messagesOf({ comment: 'hi', images: [image('a.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1)] })).toEqual(['too big']);
  });
});
