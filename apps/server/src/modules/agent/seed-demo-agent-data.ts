import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { parseAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { agentContracts, agentInvitations } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { findMemberRow } from '../member/index';
import { maxRateOf, normalizeTerms, storeTiers } from './contract-terms';

/** The demo agent's invitation link code (typed at registration or carried in ?affiliateCode=). */
export const DEMO_INVITATION_CODE = 'DEMOLINK';

const amount = (text: string): bigint => parseAmount(text, { allowZero: true });

/**
 * Demo data of the agent programme for `demoagent` (modules/member/seed-demo-accounts.ts): an
 * ACTIVE top-level daily-salary contract from the platform, so the agent centre has terms to
 * offer from, and one invitation link whose default contract sits below them. Idempotent: each
 * row is written only when the agent has none of its kind, so reseeding changes nothing and an
 * operator's later change (a terminated contract, a disabled link) is kept.
 */
export async function seedDemoAgentData(db: DbOrTx, agentId: number, now: Date = new Date()): Promise<void> {
  const agent = await findMemberRow(db, agentId);
  if (!agent) return;

  const [anyContract] = await db
    .select({ id: agentContracts.id })
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, agent.id), eq(agentContracts.type, 'DAILY_SALARY')))
    .limit(1);
  if (!anyContract) {
    // Written as already accepted: the platform's offer needs no one to click through it for a demo.
    const terms = normalizeTerms('DAILY_SALARY', {
      tiers: [
        { minValidBet: amount('0.00'), minActiveMembers: 0, rateBps: 50 },
        { minValidBet: amount('10000.00'), minActiveMembers: 3, rateBps: 100 },
      ],
    });
    await db
      .insert(agentContracts)
      .values({
        merchantId: agent.merchantId,
        type: 'DAILY_SALARY',
        status: 'ACTIVE',
        offererId: null,
        memberId: agent.id,
        period: terms.period,
        basis: terms.basis,
        activeMemberMinBet: terms.activeMemberMinBet,
        tiers: storeTiers(terms.tiers),
        maxRateBps: maxRateOf(terms.tiers),
        offeredAt: now,
        respondedAt: now,
        acceptedAt: now,
      })
      // Another node seeding at the same moment: the one-active-per-type index keeps one row.
      .onConflictDoNothing();
  }

  const linkTerms = normalizeTerms('DAILY_SALARY', {
    tiers: [
      { minValidBet: amount('0.00'), minActiveMembers: 0, rateBps: 30 },
      { minValidBet: amount('10000.00'), minActiveMembers: 3, rateBps: 60 },
    ],
  });
  await db
    .insert(agentInvitations)
    .values({
      merchantId: agent.merchantId,
      agentId: agent.id,
      code: DEMO_INVITATION_CODE,
      memberType: MEMBER_TYPE.MEMBER,
      label: 'Demo link',
      defaultContract: {
        type: 'DAILY_SALARY',
        period: linkTerms.period,
        basis: linkTerms.basis,
        activeMemberMinBet: linkTerms.activeMemberMinBet.toString(),
        tiers: storeTiers(linkTerms.tiers),
      },
      createdAt: now,
    })
    // Keyed by (merchant, code): an existing link, enabled or not, is left as it is.
    .onConflictDoNothing();
}
