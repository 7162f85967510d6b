import type { outboxQuery } from '@kismat/contracts/verification';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { outboxMessages } from '../../db/schema/accounts';
import { recordOperatorAudit } from '../../platform/audit';
import type { OperatorIdentity } from '../../platform/operator-auth';

/**
 * A message as an operator may see it: a code keeps its first two digits (`12****`), a link's
 * token its first four characters. The attack: a support agent (or any admin) reading a
 * member's SMS-login or reset code off the screen and signing in as the member.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/[A-Za-z0-9_-]{16,}/g, (token) => `${token.slice(0, 4)}${'*'.repeat(8)}`)
    .replace(/\d{4,}/g, (digits) => `${digits.slice(0, 2)}${'*'.repeat(digits.length - 2)}`);
}

/**
 * The newest demo-outbox messages of the operator's merchant (every merchant for an admin of
 * all merchants), optionally for one channel and recipient, masked; the read is audited in the
 * same transaction, with what was asked for and how many messages were shown.
 */
export async function readOutbox(request: FastifyRequest, operator: OperatorIdentity, query: z.output<typeof outboxQuery>) {
  const conditions: SQL[] = [];
  // Rows from before messages named their merchant belong to no merchant's admins.
  if (operator.merchantId !== null) conditions.push(eq(outboxMessages.merchantId, operator.merchantId));
  else if (query.merchantId !== undefined) conditions.push(eq(outboxMessages.merchantId, query.merchantId));
  if (query.channel) conditions.push(eq(outboxMessages.channel, query.channel));
  const recipient = query.to?.trim();
  if (recipient) conditions.push(eq(outboxMessages.recipient, recipient.startsWith('+') ? recipient : recipient.toLowerCase()));
  return request.server.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxMessages)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(query.limit);
    await recordOperatorAudit(tx, request, operator, {
      action: 'outbox.read',
      targetType: 'outbox',
      merchantId: operator.merchantId ?? query.merchantId ?? null,
      detail: { channel: query.channel ?? null, to: recipient ?? null, shown: rows.length },
    });
    return rows.map((row) => ({
      id: row.id,
      merchantId: row.merchantId,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: maskSecrets(row.body),
      createdAt: row.createdAt.toISOString(),
    }));
  });
}
