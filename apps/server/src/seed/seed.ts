import { seedDemoAgentData } from '../modules/agent/index';
import { disableSandboxChannels, seedDepositChannels, seedMpesaChannel, seedNagadChannel } from '../modules/cashier/index';
import { seedCatalogue } from '../modules/catalogue/index';
import { seedVendorIntegrations } from '../modules/demo-vendor/index';
import { seedDemoCannedAnswers } from '../modules/live-chat/index';
import { seedDemoAccounts, seedDemoKenyanPlayer } from '../modules/member/index';
import { seedMessages } from '../modules/messages/index';
import { seedDemoMissions } from '../modules/missions/index';
import { seedDemoOperators } from '../modules/operator/index';
import { seedDemoPoints, seedPoints } from '../modules/points/index';
import { seedDemoDepositPromotions, seedDemoPromotionCampaigns } from '../modules/promotions/index';
import { seedRebateTable } from '../modules/rebates/index';
import {
  seedContacts,
  seedCountries,
  seedDefaultMerchant,
  seedEastAfricaMerchant,
  seedHelpCentre,
  seedRegistrationRules,
} from '../modules/system/index';
import { seedVip } from '../modules/vip/index';
import type { Db } from '../platform/db';

/**
 * Idempotent: running it twice changes nothing. Rows are keyed by natural keys and inserted
 * only when missing, so what an operator changed later (a flag, a banner, a rule) is kept.
 * `demo` adds the demo agent and player (modules/member/seed-demo-accounts.ts) and the agent's
 * daily-salary contract and invitation link (modules/agent/seed-demo-agent-data.ts), and the
 * demo operators demofinance and demosupport (modules/operator/seed-demo-operators.ts).
 * `paymentSandbox` (a demo's PAYMENT_SANDBOX) adds the SANDBOX deposit channel; without it every
 * sandbox channel an earlier demo run left is disabled (how many is returned, main.ts says so).
 * The demo also has the East African merchant KISMAT-KE (issue 22: Swahili, KSh, M-Pesa only); with
 * the sandbox its M-Pesa channel talks to the FAKE Daraja this server mounts at `localOrigin`.
 */
export async function seedDatabase(
  db: Db,
  options: { demo: boolean; paymentSandbox?: boolean; localOrigin?: string },
): Promise<{ sandboxChannelsDisabled: number }> {
  // Never without the demo data, whatever the caller passed.
  const paymentSandbox = options.demo && options.paymentSandbox === true;
  const sandboxChannelsDisabled = await db.transaction(async (tx) => {
    const merchantId = await seedDefaultMerchant(tx);
    await seedRegistrationRules(tx, merchantId);
    await seedCountries(tx);
    await seedHelpCentre(tx, merchantId);
    await seedMessages(tx, merchantId);
    await seedContacts(tx, merchantId);
    await seedCatalogue(tx, merchantId);
    await seedVendorIntegrations(tx);
    await seedDepositChannels(tx, merchantId, { paymentSandbox });
    // Nagad online (issue 22): a demo with the sandbox pays it through the LOCAL FAKE this server mounts.
    if (paymentSandbox && options.localOrigin) await seedNagadChannel(tx, merchantId, { fakeBaseUrl: options.localOrigin });
    await seedPoints(tx, merchantId);
    await seedRebateTable(tx, merchantId);
    return paymentSandbox ? 0 : disableSandboxChannels(tx);
  });
  if (options.demo) {
    const demo = await seedDemoAccounts(db);
    // The agent's contract and link hang off the demo agent, so they follow its seeding.
    if (demo) await seedDemoAgentData(db, demo.agentId);
    await seedDemoOperators(db);
    await seedDemoCannedAnswers(db);
    // Live red envelope, invite friends, raffle and activity, as the seeded banners advertise.
    await seedDemoDepositPromotions(db);
    await seedDemoPromotionCampaigns(db);
    await seedDemoPoints(db, demo?.playerId ?? null);
    await seedVip(db);
    await seedDemoMissions(db);
    const eastAfricaId = await db.transaction(async (tx) => {
      const merchantId = await seedEastAfricaMerchant(tx);
      await seedMessages(tx, merchantId, 'east-africa');
      await seedCatalogue(tx, merchantId);
      await seedMpesaChannel(tx, merchantId, { fakeBaseUrl: paymentSandbox ? (options.localOrigin ?? null) : null });
      return merchantId;
    });
    await seedDemoKenyanPlayer(db, eastAfricaId);
  }
  return { sandboxChannelsDisabled };
}
