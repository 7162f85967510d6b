import {
  OPERATOR_CATALOGUE_PATHS,
  operatorCatalogueMerchantParams,
  operatorGameBody,
  operatorGameParams,
  operatorGameResponse,
  operatorGamesQuery,
  operatorGamesResponse,
  operatorVendorBody,
  operatorVendorParams,
  operatorVendorResponse,
  operatorVendorSecretParams,
  operatorVendorSecretResponse,
  operatorVendorsResponse,
} from '@kismat/contracts/operator-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { currentOperator, operatorGuard, scopedMerchantByCode } from '../../platform/operator-auth';
import { defineRoutes } from '../../platform/route';
import { announceCatalogueChange, listMerchantGames, listMerchantVendors, setMerchantGame, setMerchantVendor } from '../catalogue/index';
import { rotateVendorSecret } from '../vendor-wallet/index';

const tags = ['operator', 'catalogue'];

/**
 * Operator API for the game catalogue: per merchant, vendors (on/off, maintenance, order, by
 * lane) and games (on/off, maintenance, hot, new, order); platform-wide, a vendor's HMAC secret.
 * Every change is audited and empties the catalogue caches of every node, so members see it at once.
 */
export async function registerOperatorCatalogueRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const read = operatorGuard('read');
  const settings = operatorGuard('settings');
  const route = defineRoutes(app, { tags });

  async function merchantIdOf(request: FastifyRequest, code: string): Promise<number> {
    return (await scopedMerchantByCode(request, code)).id;
  }

  route.get(
    OPERATOR_CATALOGUE_PATHS.vendors,
    {
      summary: 'Every vendor with its lanes as the merchant offers them (on, maintenance, order)',
      params: operatorCatalogueMerchantParams,
      response: operatorVendorsResponse,
      guard: read,
    },
    async (request) => ({ list: await listMerchantVendors(root.db, await merchantIdOf(request, request.params.code)) }),
  );

  route.put(
    OPERATOR_CATALOGUE_PATHS.vendor,
    {
      summary: 'Switch a vendor (all lanes, or gameType) on or off, into or out of maintenance, or reorder it for a merchant',
      params: operatorVendorParams,
      body: operatorVendorBody,
      response: operatorVendorResponse,
      guard: settings,
    },
    async (request) => {
      const merchantId = await merchantIdOf(request, request.params.code);
      const { before, after } = await setMerchantVendor(root.db, { merchantId, vendorCode: request.params.vendor, change: request.body });
      await announceCatalogueChange(root.db);
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'catalogue.vendor_changed',
        targetType: 'vendor',
        targetId: after.vassalage,
        merchantId,
        detail: { change: request.body, before: before.lanes, after: after.lanes },
      });
      return after;
    },
  );

  route.get(
    OPERATOR_CATALOGUE_PATHS.games,
    {
      summary: "Games with the catalogue's values and the merchant's settings (filter by vendor, game type)",
      querystring: operatorGamesQuery,
      params: operatorCatalogueMerchantParams,
      response: operatorGamesResponse,
      guard: read,
    },
    async (request) => {
      const merchantId = await merchantIdOf(request, request.params.code);
      const page = await listMerchantGames(root.db, { merchantId, ...request.query });
      return { ...page, pageNo: request.query.pageNo, pageSize: request.query.pageSize };
    },
  );

  route.put(
    OPERATOR_CATALOGUE_PATHS.game,
    {
      summary: 'Switch a game on or off or into maintenance for a merchant; set its hot and new flags and order (null: catalogue value)',
      params: operatorGameParams,
      body: operatorGameBody,
      response: operatorGameResponse,
      guard: settings,
    },
    async (request) => {
      const merchantId = await merchantIdOf(request, request.params.code);
      const { before, after } = await setMerchantGame(root.db, {
        merchantId,
        nodeId: request.params.nodeId,
        change: request.body,
        now: root.now(),
      });
      await announceCatalogueChange(root.db);
      await recordOperatorAudit(root.db, request, currentOperator(request), {
        action: 'catalogue.game_changed',
        targetType: 'game',
        targetId: after.nodeId,
        merchantId,
        detail: { change: request.body, before, after },
      });
      return after;
    },
  );

  route.post(
    OPERATOR_CATALOGUE_PATHS.vendorSecret,
    {
      summary: "Rotate a vendor's HMAC secret (platform operators only); the new secret is shown once",
      params: operatorVendorSecretParams,
      response: operatorVendorSecretResponse,
      guard: settings,
    },
    async (request) => {
      const operator = currentOperator(request);
      // The secret is the vendor's for every merchant: a merchant's operator may not change it.
      if (operator.merchantId !== null) throw new AppError('FORBIDDEN');
      const rotated = await rotateVendorSecret(root.db, request.params.vendor);
      await announceCatalogueChange(root.db);
      // Never the secret itself: audit rows are read by operators.
      await recordOperatorAudit(root.db, request, operator, {
        action: 'catalogue.vendor_secret_rotated',
        targetType: 'vendor',
        targetId: rotated.code,
      });
      request.log.info({ vendor: rotated.code }, 'operator rotated a vendor secret');
      return { vassalage: rotated.code, secret: rotated.secret, rotatedAt: root.now().toISOString() };
    },
  );
}
