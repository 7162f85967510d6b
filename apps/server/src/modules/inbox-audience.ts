import type { InboxAudiencePort } from './inbox/index';
import { findMemberByUsername, listAudienceMemberIds } from './member/index';
import { listMemberIdsAtRanks } from './vip/index';

/*
 * What the inbox needs of member and vip to send an operator message to a segment, wired from
 * their faces here (beside the route registry) so the inbox imports neither: docs/inbox.md.
 * Each read is one keyset batch on an index, so a million-member fan-out never sorts or holds
 * the whole audience.
 */
const AGENT_TYPES: ReadonlySet<number> = new Set([1, 2, 41, 42]);

export const inboxAudiencePort: InboxAudiencePort = {
  async memberIdsAfter(db, merchantId, audience, afterId, limit, since) {
    switch (audience.type) {
      case 'MEMBER':
        return audience.memberId > afterId ? [audience.memberId] : [];
      case 'VIP':
        return listMemberIdsAtRanks(db, { merchantId, ranks: audience.ranks, afterId, limit });
      case 'AGENT_TEAM':
        return listAudienceMemberIds(db, { merchantId, afterId, limit, teamOf: audience.agentId });
      case 'NEW_MEMBERS':
        return listAudienceMemberIds(db, { merchantId, afterId, limit, registeredSince: since });
      case 'EVERYONE':
        return listAudienceMemberIds(db, { merchantId, afterId, limit });
    }
  },
  async findMember(db, merchantId, username) {
    const member = await findMemberByUsername(db, merchantId, username);
    return member ? { id: member.id, username: member.username, isAgent: AGENT_TYPES.has(member.type) } : null;
  },
};
