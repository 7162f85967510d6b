import type { MemberInfo } from '@kismat/contracts/member';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/** The member-state fields other modules own (VIP level, badges...), each optional. */
export type MemberStateExtras = Partial<Pick<MemberInfo, 'hasVip' | 'vipLabelName' | 'vipRankLevel' | 'availablePromo'>>;

/**
 * Contributes member-state fields that belong to modules above member (VIP, missions...): they
 * read members through its face, so member cannot import them; the route registry
 * (modules/index.ts) hands their providers in at start-up and presentMemberInfo merges them.
 */
export type MemberStateExtraProvider = (db: DbOrTx, member: MemberRow, merchant: Merchant) => Promise<MemberStateExtras>;

const providers = new Map<string, MemberStateExtraProvider>();

/** Registers (or replaces, by name) one module's provider. */
export function registerMemberStateExtra(name: string, provider: MemberStateExtraProvider): void {
  providers.set(name, provider);
}

export async function readMemberStateExtras(db: DbOrTx, member: MemberRow, merchant: Merchant): Promise<MemberStateExtras> {
  const parts = await Promise.all([...providers.values()].map((provider) => provider(db, member, merchant)));
  return Object.assign({}, ...parts);
}
