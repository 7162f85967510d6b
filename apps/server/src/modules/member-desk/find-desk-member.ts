import type { FastifyRequest } from 'fastify';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, currentOperator } from '../../platform/operator-auth';
import { findMemberRow } from '../member/index';

/** The member a /admin-api/members/:id route names, within the operator's merchant scope (else NOT_FOUND, like a missing row). */
export async function findDeskMember(request: FastifyRequest, memberId: number): Promise<MemberRow> {
  const member = await findMemberRow(request.server.db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  assertMerchantScope(currentOperator(request), member.merchantId);
  return member;
}
