import { z } from 'zod';

/** Every response body: `{ success, code, message, value }` (DESIGN.md section 3). */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });
}

export const errorEnvelope = envelopeOf(z.unknown().nullable());

export type Envelope<T> = {
  success: boolean;
  code: string;
  message: string;
  value: T;
};

/** Money crosses the API as a decimal string with two places ("1234.50"). */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);
