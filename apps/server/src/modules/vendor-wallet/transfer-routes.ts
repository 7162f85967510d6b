import { errorEnvelope } from '@kismat/contracts/envelope';
import {
  merchantWalletQuery,
  merchantWalletResponse,
  TRANSFER_WALLET_PATHS,
  walletTransferBody,
  walletTransferResponse,
} from '@kismat/contracts/vendor-wallet';
import { tryParseAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { getMerchantWallet } from './get-merchant-wallet';
import { transferVendorWallet } from './transfer-vendor-wallet';

const tags = ['games'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Transfer mode for the member site: GCS_walletTransfer and GCS_merchantWallet (real members only: money). */
export async function registerTransferWalletRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireRealMember);

  const route = defineRoutes(routes, { tags, errors });
  route.post(
    TRANSFER_WALLET_PATHS.walletTransfer,
    {
      summary: 'Move money between the main wallet and a vendor wallet (idempotent by requestId)',
      body: walletTransferBody,
      response: walletTransferResponse,
    },
    async (request) => {
      const amount = tryParseAmount(request.body.amount);
      if (!amount.ok) throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'amount', message: amount.reason }] } });
      const value = await transferVendorWallet(app.db, app.vendorDirectory, {
        merchant: request.merchant,
        member: currentMember(request),
        vassalage: request.body.vassalage,
        direction: request.body.direction,
        amount: amount.value,
        requestId: request.body.requestId,
        now: app.now(),
      });
      return value;
    },
  );

  route.get(
    TRANSFER_WALLET_PATHS.merchantWallet,
    {
      summary: 'Wallet mode (isSingle) with main and per-vendor balances',
      querystring: merchantWalletQuery,
      response: merchantWalletResponse,
    },
    async (request) =>
      await getMerchantWallet(app.db, {
        merchant: request.merchant,
        memberId: currentMember(request).id,
        vassalage: request.query.vassalage,
      }),
  );
}
