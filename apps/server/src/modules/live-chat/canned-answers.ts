import { and, asc, eq } from 'drizzle-orm';
import { liveChatCannedAnswers } from '../../db/schema/live-chat';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** The merchant's canned answers, by title. */
export async function listCannedAnswers(db: DbOrTx, merchantId: number) {
  return db
    .select({ id: liveChatCannedAnswers.id, title: liveChatCannedAnswers.title, body: liveChatCannedAnswers.body })
    .from(liveChatCannedAnswers)
    .where(eq(liveChatCannedAnswers.merchantId, merchantId))
    .orderBy(asc(liveChatCannedAnswers.title));
}

/** Adds a canned answer, or replaces the text of the one with the same title. */
export async function saveCannedAnswer(db: DbOrTx, merchantId: number, input: { title: string; body: string }) {
  const [row] = await db
    .insert(liveChatCannedAnswers)
    .values({ merchantId, title: input.title, body: input.body })
    .onConflictDoUpdate({ target: [liveChatCannedAnswers.merchantId, liveChatCannedAnswers.title], set: { body: input.body } })
    .returning({ id: liveChatCannedAnswers.id, title: liveChatCannedAnswers.title, body: liveChatCannedAnswers.body });
  if (!row) throw new Error('canned answer not saved');
  return row;
}

export async function deleteCannedAnswer(db: DbOrTx, merchantId: number, id: number): Promise<void> {
  const removed = await db
    .delete(liveChatCannedAnswers)
    .where(and(eq(liveChatCannedAnswers.id, id), eq(liveChatCannedAnswers.merchantId, merchantId)))
    .returning({ id: liveChatCannedAnswers.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
}
