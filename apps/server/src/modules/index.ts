import type { FastifyInstance } from 'fastify';
import { registerRealtime } from '../platform/realtime/register-realtime';
import {
  countInvitationRegistration,
  getConsolidatedFlags,
  offerInvitationContract,
  resolveInvitationCode,
  teamRollupsEngine,
} from './agent/index';
import { agentRoutes } from './agent/routes';
import { registerAggregatorRoutes } from './aggregators/routes';
import { registerBettingRecordRoutes } from './betting-records/routes';
import { registerFakeBkashRoutes } from './cashier/fake-bkash-routes';
import { registerFakeDarajaRoutes } from './cashier/fake-daraja-routes';
import { hasEarlierCreditedDeposit, registerFakeNagadRoutes } from './cashier/index';
import { cashierRoutes } from './cashier/routes';
import { cashierTransferRoutes } from './cashier/transfer-routes';
import { registerCataloguePorts } from './catalogue/index';
import { registerCatalogueRoutes } from './catalogue/routes';
import { registerCrashRoutes } from './crash/routes';
import { registerCustomerServiceRoutes } from './customer-service/routes';
import { registerDemoVendorRoutes } from './demo-vendor/routes';
import { createFactConsumer, type FactEngine } from './facts/index';
import { registerOperatorFactsRoutes } from './facts/operator-routes';
import { registerOperatorFeedbackRoutes } from './feedback/operator-routes';
import { registerFeedbackRoutes } from './feedback/routes';
import { launchSessions } from './game-launch/index';
import { registerGameLaunchRoutes } from './game-launch/routes';
import { openServerSeed, registerHouseGameRounds, sealServerSeed } from './house-games/index';
import { registerHouseGameRoutes } from './house-games/routes';
import { registerInboxAudience } from './inbox/index';
import { registerOperatorInboxRoutes } from './inbox/operator-routes';
import { inboxRoutes } from './inbox/routes';
import { inboxAudiencePort } from './inbox-audience';
import { registerOperatorLiveChatRoutes } from './live-chat/operator-routes';
import { registerLiveChatRoutes } from './live-chat/routes';
import { loyaltyPorts, missionPorts } from './loyalty-ports';
import {
  memberRoutes,
  registerAvailablePromotionCounter,
  registerMemberStateExtra,
  registerVerificationCodeConsumer,
} from './member/index';
import { registerMemberDeskRoutes } from './member-desk/routes';
import { findAnnouncementArt, findBannerArt } from './messages/index';
import { registerOperatorContentRoutes } from './messages/operator-routes';
import { registerMessagesRoutes } from './messages/routes';
import { createMissionEngine } from './missions/index';
import { operatorMissionRoutes } from './missions/operator-routes';
import { missionRoutes } from './missions/routes';
import { registerOperatorAgentRoutes } from './operator/agent-routes';
import { registerOperatorCashierRoutes } from './operator/cashier-routes';
import { registerOperatorCatalogueRoutes } from './operator/catalogue-routes';
import { registerOperatorMerchantRoutes } from './operator/merchant-routes';
import { registerOperatorPaymentRoutes } from './operator/payment-routes';
import { registerOperatorAccountRoutes } from './operator/routes';
import { registerOriginalsRoutes } from './originals/routes';
import { createPointsEngine } from './points/index';
import { registerOperatorPointsRoutes } from './points/operator-routes';
import { registerPointsRoutes } from './points/routes';
import { promotionAdminRoutes } from './promotions/admin-routes';
import { campaignRoutes } from './promotions/campaign-routes';
import {
  countAvailablePromotions,
  createTurnoverEngine,
  isReferralLive,
  memberDayTalliesEngine,
  recordReferral,
  resolveReferralCode,
} from './promotions/index';
import { promotionRoutes } from './promotions/routes';
import { createRebateEngine } from './rebates/index';
import { operatorRebateRoutes } from './rebates/operator-routes';
import { rebateRoutes } from './rebates/routes';
import { registerReportRoutes } from './reports/routes';
import { registerOperatorRgRoutes } from './responsible-gambling/operator-routes';
import { responsibleGamblingRoutes } from './responsible-gambling/routes';
import { registerOperatorRiskRoutes } from './risk/operator-routes';
import { securityRoutes } from './security/routes';
import { sessionRoutes } from './session/routes';
import { registerSiteAccessGate } from './system/index';
import { registerOperatorSystemContentRoutes } from './system/operator-content-routes';
import { registerSystemRoutes } from './system/routes';
import { houseGameRounds, listBiggestWins, registerLaunchSessions } from './vendor-wallet/index';
import { registerVendorWalletRoutes } from './vendor-wallet/routes';
import { consumeVerificationCode } from './verification/index';
import { verificationRoutes } from './verification/routes';
import { createVipEngine, presentVipState } from './vip/index';
import { registerOperatorVipRoutes } from './vip/operator-routes';
import { registerVipRoutes } from './vip/routes';
import { walletRoutes } from './wallet/routes';

/**
 * The loyalty engines the fact consumer applies to every settled round and credited deposit, in
 * this order, each fact exactly once (docs/ARCHITECTURE.md "Facts"). An engine plugs in with one
 * line here, e.g. `createPointsEngine(app),`; it is built after every module has registered, so
 * it may use what they decorate (app.realtime, app.now).
 */
function factEngines(app: FastifyInstance): FactEngine[] {
  return [
    // Promotions sits above cashier: the registry hands the engine the cashier's deposit history.
    createTurnoverEngine({ hasEarlierCreditedDeposit }),
    createPointsEngine(),
    createVipEngine(app.now),
    memberDayTalliesEngine,
    createRebateEngine(loyaltyPorts),
    createMissionEngine(),
    // The agent reports' member and team rollups (issue 16).
    teamRollupsEngine,
  ];
}

/**
 * The ports through which a lower module reaches a higher one's reads and writes (no app needed):
 * registerModules fills them first; a script or bench that calls module operations without an
 * app (bench/lottery-settlement) calls this itself.
 */
export function registerModulePorts(): void {
  // The catalogue sits below messages and vendor-wallet: their reads (art titles, biggest wins).
  registerCataloguePorts({ findBannerArt, findAnnouncementArt, listBiggestWins });
  // Vendor-wallet sits below game-launch: the launches' player sessions.
  registerLaunchSessions(launchSessions);
  // House games sit below vendor-wallet: its game rounds (spins, draws).
  registerHouseGameRounds(houseGameRounds);
  // Member sits below verification: the verification codes' consumer.
  registerVerificationCodeConsumer(consumeVerificationCode);
  // The inbox sits below member and vip: a message segment's members, batch by batch.
  registerInboxAudience(inboxAudiencePort);
}

/** Module route plugins, in order. Each module registers its own routes and policies. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  registerModulePorts();
  // The one fact consumer (drainMember for exact reads in operations; main.ts starts its loop,
  // tests call processBatch / drainFacts). Its engines are filled in once every module is up.
  const engines: FactEngine[] = [];
  app.decorate('factConsumer', createFactConsumer({ db: app.db, engines, log: app.log }));
  // Before every module, so maintenance and region rules hold for all of their routes.
  registerSiteAccessGate(app);
  await app.register(registerSystemRoutes);
  await app.register(registerMessagesRoutes);
  await app.register(registerCustomerServiceRoutes);
  await app.register(registerFeedbackRoutes);
  await app.register(registerCatalogueRoutes);
  // Vendor API first: it decorates the vendor directory that launches and the demo vendor use.
  await registerVendorWalletRoutes(app);
  await app.register(registerGameLaunchRoutes);
  await app.register(registerHouseGameRoutes);
  await app.register(registerOriginalsRoutes);
  await app.register(registerDemoVendorRoutes);
  await app.register(registerBettingRecordRoutes);
  await app.register(sessionRoutes);
  await app.register(verificationRoutes);
  // Member sits below agent; the registry hands it what registration needs of the agent programme.
  // Member sits below promotions; the registry hands it the claimable-rewards counter.
  registerAvailablePromotionCounter((db, member, merchant) =>
    countAvailablePromotions(db, { member, utcOffsetMinutes: merchant.utcOffsetMinutes, now: app.now() }),
  );
  await app.register(memberRoutes, {
    invitationLinks: { resolveInvitationCode, countInvitationRegistration, offerInvitationContract },
    getConsolidatedFlags,
    // Invite friends: a member's code brings in a friend (promotions sits above member).
    friendReferrals: { resolveReferralCode, recordReferral },
  });
  await app.register(securityRoutes);
  await app.register(registerOperatorMerchantRoutes);
  await app.register(registerOperatorCatalogueRoutes);
  // Game aggregators (issue 21): contracts, catalogue sync, rounds, reconciliation, and each adapter's wallet endpoints.
  await app.register(registerAggregatorRoutes);
  // The /ws hub decorates the root instance: cashier operations publish through it.
  await registerRealtime(app);
  await app.register(walletRoutes);
  // Crash pushes its rounds through the /ws hub (registered just above).
  await app.register(registerCrashRoutes);
  await app.register(cashierTransferRoutes);
  await app.register(cashierRoutes);
  // The FAKE Daraja (M-Pesa), only in a demo with the payment sandbox.
  await app.register(registerFakeDarajaRoutes);
  await app.register(registerFakeNagadRoutes);
  // The FAKE bKash, only in a demo with the payment sandbox.
  await app.register(registerFakeBkashRoutes);
  await app.register(inboxRoutes);
  await app.register(registerOperatorInboxRoutes);
  await app.register(registerOperatorFeedbackRoutes);
  await app.register(registerOperatorContentRoutes);
  await app.register(registerOperatorSystemContentRoutes);
  await app.register(registerOperatorRiskRoutes);
  await app.register(registerLiveChatRoutes);
  await app.register(registerOperatorLiveChatRoutes);
  await app.register(registerOperatorCashierRoutes);
  await app.register(registerOperatorPaymentRoutes);
  await registerOperatorAccountRoutes(app);
  await app.register(agentRoutes);
  await app.register(registerOperatorAgentRoutes);
  await app.register(registerMemberDeskRoutes);
  await app.register(registerOperatorFactsRoutes);
  await app.register(registerReportRoutes);
  await app.register(registerPointsRoutes);
  await app.register(registerOperatorPointsRoutes);
  await app.register(registerVipRoutes);
  await app.register(registerOperatorVipRoutes);
  // Member sits below vip; the registry hands member state its VIP fields.
  registerMemberStateExtra('vip', presentVipState);
  // Invite friends is on in member state only while a referral promotion is live.
  registerMemberStateExtra('promotions.referral', async (db, _member, merchant) => ({
    availablePromo: { REFERRAL: { enabled: await isReferralLive(db, merchant.id, app.now()) } },
  }));
  // Rebates and missions reach vip, promotions, points and member through ports (modules/loyalty-ports.ts).
  await app.register(rebateRoutes, { ports: loyaltyPorts });
  await app.register(operatorRebateRoutes);
  await app.register(missionRoutes, { ports: missionPorts });
  await app.register(operatorMissionRoutes, { ports: missionPorts });
  // Promotion kinds: the red envelope's seeds are sealed with the house games' seed vault, handed
  // in here because house games call promotions (max bet), so promotions may not import them.
  await app.register(campaignRoutes, { seedSealer: { sealServerSeed, openServerSeed } });
  await app.register(promotionRoutes);
  await app.register(promotionAdminRoutes);
  // Responsible gambling (issue 17): the money paths, login and agent call its face directly.
  await app.register(responsibleGamblingRoutes);
  await app.register(registerOperatorRgRoutes);
  engines.push(...factEngines(app));
}
