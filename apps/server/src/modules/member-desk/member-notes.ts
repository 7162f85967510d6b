import type { MemberNotesValue } from '@kismat/contracts/member-desk';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { memberDeskNotes } from '../../db/schema/member-desk';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { currentOperator } from '../../platform/operator-auth';

/** Operators' notes on the member, newest first. */
export async function listMemberNotes(request: FastifyRequest, member: MemberRow): Promise<MemberNotesValue> {
  const rows = await request.server.db
    .select()
    .from(memberDeskNotes)
    .where(eq(memberDeskNotes.memberId, member.id))
    .orderBy(desc(memberDeskNotes.id))
    .limit(200);
  return {
    items: rows.map((row) => ({ id: row.id, operatorName: row.operatorName, body: row.body, createdAt: row.createdAt.toISOString() })),
  };
}

/** Adds a note (append-only, audited with the note's id). */
export async function addMemberNote(request: FastifyRequest, member: MemberRow, body: string): Promise<MemberNotesValue> {
  const operator = currentOperator(request);
  await request.server.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(memberDeskNotes)
      .values({
        merchantId: member.merchantId,
        memberId: member.id,
        operatorId: operator.id,
        operatorName: operator.username,
        body,
        createdAt: request.server.now(),
      })
      .returning({ id: memberDeskNotes.id });
    await recordOperatorAudit(tx, request, operator, {
      action: 'member.note_added',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      detail: { noteId: note?.id ?? null },
    });
  });
  return listMemberNotes(request, member);
}
