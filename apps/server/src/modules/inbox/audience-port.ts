import type { InboxAudience } from '../../db/schema/inbox';
import type { DbOrTx } from '../../platform/db';

/**
 * The inbox sits below the member and VIP modules' reads it needs for a segment; the registry
 * (modules/index.ts) hands them in here, as it does other ports (docs/ARCHITECTURE.md).
 */
export interface InboxAudiencePort {
  /**
   * The next `limit` member ids of the audience above `afterId`, ascending (a keyset batch on an
   * index: members' primary key, the VIP rank index, the team closure table's primary key).
   */
  memberIdsAfter(db: DbOrTx, merchantId: number, audience: InboxAudience, afterId: number, limit: number, now: Date): Promise<number[]>;
  /** A member (or agent, for a team) of the merchant by username; null when none. */
  findMember(db: DbOrTx, merchantId: number, username: string): Promise<{ id: number; username: string; isAgent: boolean } | null>;
}

let port: InboxAudiencePort | null = null;

export function registerInboxAudience(given: InboxAudiencePort): void {
  port = given;
}

export function inboxAudience(): InboxAudiencePort {
  if (!port) throw new Error('inbox audience port not registered (modules/index.ts registerModulePorts)');
  return port;
}
