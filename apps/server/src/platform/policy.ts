import { AGENT_TYPES, MEMBER_TYPE } from '@kismat/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { authenticate, type MemberRow } from './auth';
import { AppError } from './errors';

/**
 * Who may call what, in one place. Routes list these as `preValidation` hooks, so an
 * unauthenticated caller learns nothing from validation errors, and the member is known
 * before the handler runs:
 *
 *   requireMember      any logged-in account, trial players included
 *   requireRealMember  not a trial player (TRIAL_FORBIDDEN): member centre, launches, money
 *   requireAgent       agent types 1, 2, 41, 42 only (AGENT_ONLY): agent centre
 */

export function isTrial(member: Pick<MemberRow, 'type'>): boolean {
  return member.type === MEMBER_TYPE.TRIAL;
}

export function isAgent(member: Pick<MemberRow, 'type'>): boolean {
  return AGENT_TYPES.includes(member.type);
}

export async function requireMember(request: FastifyRequest): Promise<void> {
  const { session } = await authenticate(request);
  // A session opened with 123456 or an expired password can only change it (and read info).
  if (session.requiresPasswordChange && !request.routeOptions.config.allowPendingPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
}

export async function requireRealMember(request: FastifyRequest): Promise<void> {
  await requireMember(request);
  if (request.member && isTrial(request.member)) throw new AppError('TRIAL_FORBIDDEN');
}

export async function requireAgent(request: FastifyRequest): Promise<void> {
  await requireRealMember(request);
  if (request.member && !isAgent(request.member)) throw new AppError('AGENT_ONLY');
}
