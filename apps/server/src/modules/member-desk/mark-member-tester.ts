import type { MemberActionValue } from '@kismat/contracts/member-desk';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { memberDeskTesters } from '../../db/schema/member-desk';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { currentOperator } from '../../platform/operator-auth';

export async function isDeskTester(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: memberDeskTesters.memberId })
    .from(memberDeskTesters)
    .where(eq(memberDeskTesters.memberId, memberId));
  return row !== undefined;
}

/** Marks (or unmarks) a house tester account, so figures and risk rules can leave staff play out; audited with the reason. */
export async function markMemberTester(
  request: FastifyRequest,
  member: MemberRow,
  input: { isTester: boolean; reason: string },
): Promise<MemberActionValue> {
  const operator = currentOperator(request);
  await request.server.db.transaction(async (tx) => {
    if (input.isTester) {
      await tx
        .insert(memberDeskTesters)
        .values({
          memberId: member.id,
          merchantId: member.merchantId,
          markedBy: operator.username,
          reason: input.reason,
          markedAt: request.server.now(),
        })
        .onConflictDoUpdate({
          target: memberDeskTesters.memberId,
          set: { markedBy: operator.username, reason: input.reason, markedAt: request.server.now() },
        });
    } else {
      await tx.delete(memberDeskTesters).where(eq(memberDeskTesters.memberId, member.id));
    }
    await recordOperatorAudit(tx, request, operator, {
      action: input.isTester ? 'member.tester_marked' : 'member.tester_unmarked',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      reason: input.reason,
    });
  });
  return { status: member.status, revokedSessions: 0, isTester: input.isTester };
}
