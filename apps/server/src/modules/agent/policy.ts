import { AGENT_TYPES, MEMBER_TYPE } from '@kismat/contracts/constants';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertInSubtree } from '../member/index';

/*
 * Who may do what in the agent programme. An agent's subtree is a tenant boundary
 * (CONVENTIONS item 7): every agent route that names a member goes through assertInSubtree,
 * and a member outside the subtree gets the same answer as a member that does not exist.
 */

// The one subtree check ("in my team") lives with the member tree, so the cashier's transfers use it too.
export { assertInSubtree };

/** Direct downlines only: contracts are offered one level down (spec section 4). */
export async function assertDirectDownline(db: DbOrTx, agentId: number, memberId: number): Promise<MemberRow> {
  const { member, depth } = await assertInSubtree(db, agentId, memberId);
  if (depth !== 1) throw new AppError('NOT_DIRECT_DOWNLINE');
  return member;
}

/**
 * Which account types an agent may create in the register centre. Our reading of the four agent
 * types (docs/agent-contracts.md "Agent types"): 1 general agent, 2 agent, 41 affiliate, 42
 * sub-affiliate. Agents create players and agents one rank down or level; 42 creates players.
 */
const CREATABLE: Record<number, readonly number[]> = {
  [MEMBER_TYPE.AGENT_1]: [MEMBER_TYPE.MEMBER, MEMBER_TYPE.AGENT_2, MEMBER_TYPE.AGENT_41],
  [MEMBER_TYPE.AGENT_2]: [MEMBER_TYPE.MEMBER, MEMBER_TYPE.AGENT_2],
  [MEMBER_TYPE.AGENT_41]: [MEMBER_TYPE.MEMBER, MEMBER_TYPE.AGENT_42],
  [MEMBER_TYPE.AGENT_42]: [MEMBER_TYPE.MEMBER],
};

export function creatableTypes(agent: Pick<MemberRow, 'type'>): readonly number[] {
  return CREATABLE[agent.type] ?? [];
}

export function assertMayCreateType(agent: Pick<MemberRow, 'type'>, type: number): void {
  if (!creatableTypes(agent).includes(type)) throw new AppError('MEMBER_TYPE_NOT_ALLOWED');
}

export function isAgentType(type: number): boolean {
  return AGENT_TYPES.includes(type);
}
