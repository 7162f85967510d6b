import { z } from 'zod';

/** Spec section 5: comment up to 140 characters; png or jpg only, 5 MB each, at most 3. */
export const COMMENT_MAX_LENGTH = 140;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_COUNT = 3;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export interface ApplicationMessages {
  commentRequired: string;
  commentTooLong: string;
  imageType: string;
  imageSize: string;
  imageCount: string;
}

/** Characters as a person counts them (a Bangla conjunct or an emoji is not two). */
export function commentLength(text: string): number {
  return [...text.trim()].length;
}

/** Why a picked file cannot be attached, or null when it can. */
export function imageProblem(file: File, messages: ApplicationMessages): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || !/\.(png|jpe?g)$/i.test(file.name)) return messages.imageType;
  if (file.size > IMAGE_MAX_BYTES || file.size === 0) return messages.imageSize;
  return null;
}

/**
 * The activity application as the form holds it; the server checks the same rules (and the
 * files' real bytes), this only saves the member a round trip and says what to fix.
 */
export function applicationSchema(messages: ApplicationMessages) {
  return z.object({
    comment: z
      .string()
      .refine((text) => commentLength(text) > 0, messages.commentRequired)
      .refine((text) => commentLength(text) <= COMMENT_MAX_LENGTH, messages.commentTooLong)
      .transform((text) => text.trim()),
    images: z
      .array(z.custom<File>((value) => value instanceof File))
      .max(IMAGE_MAX_COUNT, messages.imageCount)
      .superRefine((files, context) => {
        for (const [index, file] of files.entries()) {
          const problem = imageProblem(file, messages);
          if (problem) context.addIssue({ code: 'custom', message: problem, path: [index] });
        }
      }),
  });
}
export type ApplicationInput = z.input<ReturnType<typeof applicationSchema>>;
