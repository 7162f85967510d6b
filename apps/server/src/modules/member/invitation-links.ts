import type { AgentInvitationRow } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AgentContext } from '../../platform/request-context';

/** An affiliate code resolved to its agent (and its invitation link, when it is one). */
export interface ResolvedInvitation {
  agent: MemberRow;
  /** Null for the agent's own affiliate code. */
  invitation: AgentInvitationRow | null;
  /** The account type the new member gets: the link's type when the agent may still create it, else a player. */
  memberType: number;
}

/**
 * What registration needs from the agent programme's invitation links. Member sits below agent
 * (agents register downlines through member's rules), so member cannot import agent: the agent
 * module implements this and the route registry (modules/index.ts) hands it to memberRoutes.
 */
export interface InvitationLinks {
  resolveInvitationCode(db: DbOrTx, merchantId: number, code: string): Promise<ResolvedInvitation | null>;
  countInvitationRegistration(tx: DbOrTx, invitationId: number): Promise<void>;
  offerInvitationContract(
    ctx: AgentContext,
    agent: MemberRow,
    invitation: AgentInvitationRow,
    memberId: number,
  ): Promise<{ contractId: number } | { refused: string } | null>;
}

/** The contract kinds a member has on offer or active (the info page's popup flags). */
export interface ConsolidatedFlags {
  dailysalreqtype: boolean;
  divtypereq: boolean;
  contracthoursalreq: boolean;
  realtimesalreqtype: boolean;
}

/** Reads a member's consolidated flags; the agent module owns the contracts it reads. */
export type ReadConsolidatedFlags = (ctx: Pick<AgentContext, 'db' | 'merchant'>, member: MemberRow) => Promise<ConsolidatedFlags>;

/**
 * Invite friends (promotions): a member's personal code brings in a friend, who gets no upline
 * (an agent's code does). The promotions module implements it; the registry hands it in.
 */
export interface FriendReferrals {
  resolveReferralCode(
    db: DbOrTx,
    merchantId: number,
    code: string,
  ): Promise<{ inviterId: number; inviterNickname: string; code: string } | null>;
  /** Inside the registration's transaction: a failed sign-up records no friend. */
  recordReferral(tx: Tx, input: ReferralRegistration): Promise<void>;
}

/** A friend registered with a member's code, as the registration hands it to the referral programme. */
export interface ReferralRegistration {
  merchantId: number;
  inviterId: number;
  inviteeId: number;
  code: string;
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  now: Date;
}

/** What the member routes get from the modules above them. */
export interface MemberRoutesOptions {
  invitationLinks: InvitationLinks;
  getConsolidatedFlags: ReadConsolidatedFlags;
  /** Absent: member codes are not accepted at registration. */
  friendReferrals?: FriendReferrals;
}
