import { feedback } from '../../db/schema/feedback';
import type { DbOrTx } from '../../platform/db';

export interface SubmitFeedbackInput {
  merchantId: number;
  memberId: number | null;
  sender: string;
  type: number;
  content: string;
  ip: string;
  userAgent: string | null;
}

/** Stores one feedback message for customer service. Content is kept as plain text, never HTML. */
export async function submitFeedback(db: DbOrTx, input: SubmitFeedbackInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(feedback)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      sender: input.sender,
      type: input.type,
      content: input.content,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned nothing');
  return row;
}
