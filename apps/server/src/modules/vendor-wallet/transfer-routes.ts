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
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requireRealMember } from '../../platform/policy';
import { bearerSecurity as bearer } from '../../platform/route-docs';
import { getMerchantWallet } from './get-merchant-wallet';
import { transferVendorWallet } from './transfer-vendor-wallet';

const tags = ['games'];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** Transfer mode for the member site: GCS_walletTransfer and GCS_merchantWallet (real members only: money). */
export async function registerTransferWalletRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireRealMember);

  routes.post(
    TRANSFER_WALLET_PATHS.walletTransfer,
    {
      schema: {
        tags,
        summary: 'Move money between the main wallet and a vendor wallet (idempotent by requestId)',
        security: bearer,
        body: walletTransferBody,
        response: { 200: walletTransferResponse, ...errors },
      },
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
      return ok(request, value);
    },
  );

  routes.get(
    TRANSFER_WALLET_PATHS.merchantWallet,
    {
      schema: {
        tags,
        summary: 'Wallet mode (isSingle) with main and per-vendor balances',
        security: bearer,
        querystring: merchantWalletQuery,
        response: { 200: merchantWalletResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        request,
        await getMerchantWallet(app.db, {
          merchant: request.merchant,
          memberId: currentMember(request).id,
          vassalage: request.query.vassalage,
        }),
      ),
  );
}
