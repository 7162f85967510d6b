import type { FastifyInstance } from 'fastify';
import { registerRealtime } from '../platform/realtime/register-realtime';
import { countInvitationRegistration, getConsolidatedFlags, offerInvitationContract, resolveInvitationCode } from './agent/index';
import { agentRoutes } from './agent/routes';
import { registerBettingRecordRoutes } from './betting-records/routes';
import { cashierRoutes } from './cashier/routes';
import { cashierTransferRoutes } from './cashier/transfer-routes';
import { registerCatalogueRoutes } from './catalogue/routes';
import { registerCustomerServiceRoutes } from './customer-service/routes';
import { registerDemoVendorRoutes } from './demo-vendor/routes';
import { registerFeedbackRoutes } from './feedback/routes';
import { registerGameLaunchRoutes } from './game-launch/routes';
import { registerHouseGameRoutes } from './house-games/routes';
import { memberRoutes } from './member/index';
import { registerMessagesRoutes } from './messages/routes';
import { registerOperatorAgentRoutes } from './operator/agent-routes';
import { registerOperatorCashierRoutes } from './operator/cashier-routes';
import { registerOperatorCatalogueRoutes } from './operator/catalogue-routes';
import { registerOperatorMerchantRoutes } from './operator/merchant-routes';
import { registerOperatorAccountRoutes } from './operator/routes';
import { securityRoutes } from './security/routes';
import { sessionRoutes } from './session/routes';
import { registerSiteAccessGate } from './system/index';
import { registerSystemRoutes } from './system/routes';
import { registerVendorWalletRoutes } from './vendor-wallet/routes';
import { verificationRoutes } from './verification/routes';
import { walletRoutes } from './wallet/routes';

/** Module route plugins, in order. Each module registers its own routes and policies. */
export async function registerModules(app: FastifyInstance): Promise<void> {
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
  await app.register(registerDemoVendorRoutes);
  await app.register(registerBettingRecordRoutes);
  await app.register(sessionRoutes);
  await app.register(verificationRoutes);
  // Member sits below agent; the registry hands it what registration needs of the agent programme.
  await app.register(memberRoutes, {
    invitationLinks: { resolveInvitationCode, countInvitationRegistration, offerInvitationContract },
    getConsolidatedFlags,
  });
  await app.register(securityRoutes);
  await app.register(registerOperatorMerchantRoutes);
  await app.register(registerOperatorCatalogueRoutes);
  // The /ws hub decorates the root instance: cashier operations publish through it.
  await registerRealtime(app);
  await app.register(walletRoutes);
  await app.register(cashierTransferRoutes);
  await app.register(cashierRoutes);
  await app.register(registerOperatorCashierRoutes);
  await registerOperatorAccountRoutes(app);
  await app.register(agentRoutes);
  await app.register(registerOperatorAgentRoutes);
}
