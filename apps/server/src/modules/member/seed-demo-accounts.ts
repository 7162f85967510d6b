import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { memberProfiles, members, memberTree } from '../../db/schema/accounts';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { hashPassword } from './password-hash';

/**
 * Demo accounts of the default merchant (documented in the README and printed at start):
 *   agent   demoagent / Demo@2025   type 1, invitation code DEMO2025
 *   player  demoplayer / Demo@2025  under demoagent, mobile +880 1700000001 (SMS login works)
 * Idempotent: existing rows are left as they are (a changed demo password survives reseeding).
 */
export const DEMO_ACCOUNTS = {
  agent: { username: 'demoagent', password: 'Demo@2025', affiliateCode: 'DEMO2025' },
  player: { username: 'demoplayer', password: 'Demo@2025', mobile: { dialingCode: '+880', national: '1700000001' } },
  /** The East African merchant's (KISMAT-KE) player: Swahili, a Safaricom number for M-Pesa. */
  kenyanPlayer: { username: 'demomchezaji', password: 'Demo@2025', mobile: { dialingCode: '+254', national: '708374149' } },
} as const;

async function findDemoMember(db: DbOrTx, merchantId: number, username: string): Promise<number | null> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, username)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The member's id, inserting it when missing (the argon2 hash is computed only then). */
async function ensureDemoMember(
  db: DbOrTx,
  merchantId: number,
  username: string,
  build: () => Promise<typeof members.$inferInsert>,
): Promise<number> {
  const existing = await findDemoMember(db, merchantId, username);
  if (existing !== null) return existing;
  const [created] = await db
    .insert(members)
    .values(await build())
    .onConflictDoNothing()
    .returning({ id: members.id });
  // Null: another node seeded it between the check and the insert.
  const id = created?.id ?? (await findDemoMember(db, merchantId, username));
  if (id === null) throw new Error(`demo account ${username} missing after insert`);
  return id;
}

export async function seedDemoAccounts(db: DbOrTx): Promise<{ agentId: number; playerId: number } | null> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return null;
  const { agent, player } = DEMO_ACCOUNTS;

  const agentId = await ensureDemoMember(db, merchant.id, agent.username, async () => ({
    merchantId: merchant.id,
    username: agent.username,
    type: MEMBER_TYPE.AGENT_1,
    affiliateCode: agent.affiliateCode,
    nickname: 'Demo Agent',
    language: merchant.defaultLanguage,
    isFirstLogin: false,
    passwordHash: await hashPassword(agent.password),
    registerType: 'SEED',
  }));
  const playerId = await ensureDemoMember(db, merchant.id, player.username, async () => ({
    merchantId: merchant.id,
    username: player.username,
    type: MEMBER_TYPE.MEMBER,
    uplineId: agentId,
    nickname: 'Demo Player',
    countryDialingCode: player.mobile.dialingCode,
    mobileNo: player.mobile.national,
    mobile: `${player.mobile.dialingCode}${player.mobile.national}`,
    mobileVerifiedAt: new Date(),
    language: merchant.defaultLanguage,
    isFirstLogin: false,
    passwordHash: await hashPassword(player.password),
    registerType: 'SEED',
  }));

  await db
    .insert(memberTree)
    .values([
      { ancestorId: agentId, descendantId: agentId, depth: 0 },
      { ancestorId: playerId, descendantId: playerId, depth: 0 },
      { ancestorId: agentId, descendantId: playerId, depth: 1 },
    ])
    .onConflictDoNothing();
  await db
    .insert(memberProfiles)
    .values([
      { memberId: agentId, fullName: 'Demo Agent' },
      { memberId: playerId, fullName: 'Demo Player' },
    ])
    .onConflictDoNothing();
  return { agentId, playerId };
}

/** The demo player of another merchant (the East African one): no upline, the merchant's language, a verified mobile. */
export async function seedDemoKenyanPlayer(db: DbOrTx, merchantId: number): Promise<number> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!merchant) throw new Error(`merchant ${merchantId} missing`);
  const { kenyanPlayer } = DEMO_ACCOUNTS;
  const playerId = await ensureDemoMember(db, merchantId, kenyanPlayer.username, async () => ({
    merchantId,
    username: kenyanPlayer.username,
    type: MEMBER_TYPE.MEMBER,
    nickname: 'Mchezaji Demo',
    countryDialingCode: kenyanPlayer.mobile.dialingCode,
    mobileNo: kenyanPlayer.mobile.national,
    mobile: `${kenyanPlayer.mobile.dialingCode}${kenyanPlayer.mobile.national}`,
    mobileVerifiedAt: new Date(),
    language: merchant.defaultLanguage,
    isFirstLogin: false,
    passwordHash: await hashPassword(kenyanPlayer.password),
    registerType: 'SEED',
  }));
  await db.insert(memberTree).values({ ancestorId: playerId, descendantId: playerId, depth: 0 }).onConflictDoNothing();
  await db.insert(memberProfiles).values({ memberId: playerId, fullName: 'Amani Otieno' }).onConflictDoNothing();
  return playerId;
}
