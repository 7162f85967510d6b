import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import { agentContracts, agentInvitations } from '../../db/schema/agent';
import type { Database } from '../../platform/db';
import { seedDatabase } from '../../seed/seed';
import { createTestDatabase } from '../../test/test-database';
import { DEMO_ACCOUNTS } from '../member/seed-demo-accounts';
import { DEMO_INVITATION_CODE, seedDemoAgentData } from './seed-demo-agent-data';

describe('seedDemoAgentData', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db, { demo: true });
  });
  afterAll(async () => database.close());

  it('gives demoagent one active platform daily-salary contract and one link below it, once', async () => {
    const [agent] = await database.db.select().from(members).where(eq(members.username, DEMO_ACCOUNTS.agent.username));
    if (!agent) throw new Error('no demo agent');
    await seedDemoAgentData(database.db, agent.id);
    const contracts = await database.db.select().from(agentContracts).where(eq(agentContracts.memberId, agent.id));
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ type: 'DAILY_SALARY', status: 'ACTIVE', offererId: null, period: 'DAILY', maxRateBps: 100 });
    const links = await database.db.select().from(agentInvitations).where(eq(agentInvitations.agentId, agent.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ code: DEMO_INVITATION_CODE, isActive: true, memberType: 0 });
    expect(links[0]?.defaultContract?.type).toBe('DAILY_SALARY');
  });
});
