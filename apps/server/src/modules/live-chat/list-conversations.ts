import type { OperatorConversationRow } from '@kismat/contracts/live-chat';
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import { type ChatStatus, liveChatConversations, liveChatMessages } from '../../db/schema/live-chat';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { containsPattern } from '../../platform/like-pattern';
import { findMemberByUsername, usernameSql } from '../member/index';
import { type ConversationRow, presentConversation, presentMessage } from './present-chat';

const QUEUE_LIMIT = 200;

function conversationFields() {
  return {
    conversation: liveChatConversations,
    username: usernameSql(liveChatConversations.memberId),
    // Qualified by hand: inside the subquery drizzle would render the outer column unqualified.
    lastBody: sql<
      string | null
    >`(select m.body from ${liveChatMessages} m where m.conversation_id = "live_chat_conversations"."id" order by m.seq desc limit 1)`,
  };
}

function presentRow(row: { conversation: ConversationRow; username: string | null; lastBody: string | null }): OperatorConversationRow {
  const { conversation } = row;
  return {
    ...presentConversation(conversation),
    memberId: conversation.memberId,
    username: row.username,
    guestId: conversation.guestId ? conversation.guestId.slice(0, 8) : null,
    language: conversation.language,
    lastBody: row.lastBody,
    unread: Math.max(0, conversation.lastSeq - conversation.operatorReadSeq),
  };
}

/**
 * The support queue of one merchant: ACTIVE (waiting and open, waiting first, oldest first: who
 * waits longest is answered first), or one status. Only this merchant's rows: an operator of
 * another merchant never reaches here (the route checks the scope), and the query names the merchant.
 */
export async function listConversations(db: DbOrTx, merchantId: number, status: 'ACTIVE' | ChatStatus): Promise<OperatorConversationRow[]> {
  const statuses: ChatStatus[] = status === 'ACTIVE' ? ['WAITING', 'OPEN'] : [status];
  const rows = await db
    .select(conversationFields())
    .from(liveChatConversations)
    .where(and(eq(liveChatConversations.merchantId, merchantId), inArray(liveChatConversations.status, statuses)))
    .orderBy(
      status === 'CLOSED' ? desc(liveChatConversations.lastMessageAt) : desc(sql`${liveChatConversations.status} = 'WAITING'`),
      status === 'CLOSED' ? desc(liveChatConversations.id) : asc(liveChatConversations.lastMessageAt),
    )
    .limit(QUEUE_LIMIT);
  return rows.map(presentRow);
}

/** One conversation of the merchant with its messages after `after`, none for null (NOT_FOUND for another merchant's). */
export async function readConversationForOperator(db: DbOrTx, merchantId: number, id: number, after: number | null) {
  const [row] = await db
    .select(conversationFields())
    .from(liveChatConversations)
    .where(and(eq(liveChatConversations.id, id), eq(liveChatConversations.merchantId, merchantId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (after === null) return { conversation: presentRow(row), messages: [], row: row.conversation };
  const messages = await db
    .select()
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.conversationId, id), sql`${liveChatMessages.seq} > ${after}`))
    .orderBy(asc(liveChatMessages.seq))
    .limit(500);
  return { conversation: presentRow(row), messages: messages.map(presentMessage), row: row.conversation };
}

/**
 * Transcript search: messages of the merchant by member (username), by text (a substring, its
 * % and _ taken literally) and by day (UTC, inclusive), newest first.
 */
export async function searchTranscripts(
  db: DbOrTx,
  merchantId: number,
  filter: { member?: string | undefined; text?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  let memberId: number | null = null;
  if (filter.member) {
    const member = await findMemberByUsername(db, merchantId, filter.member);
    if (!member) return [];
    memberId = member.id;
  }
  const pattern = filter.text ? containsPattern(filter.text) : null;
  const rows = await db
    .select({ message: liveChatMessages, username: usernameSql(liveChatConversations.memberId), guestId: liveChatConversations.guestId })
    .from(liveChatMessages)
    .innerJoin(liveChatConversations, eq(liveChatConversations.id, liveChatMessages.conversationId))
    .where(
      and(
        eq(liveChatMessages.merchantId, merchantId),
        memberId === null ? undefined : eq(liveChatConversations.memberId, memberId),
        pattern === null ? undefined : ilike(liveChatMessages.body, pattern),
        filter.from ? gte(liveChatMessages.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
        filter.to ? lt(liveChatMessages.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
      ),
    )
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(200);
  return rows.map((row) => ({ ...presentMessage(row.message), username: row.username, guestId: row.guestId?.slice(0, 8) ?? null }));
}
