import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  CASHIER_PATHS,
  callbackResponse,
  cashierIdParams,
  confirmWithdrawalBody,
  createDepositBody,
  createWithdrawalBody,
  depositChannelsResponse,
  depositResponse,
  depositsResponse,
  sandboxPayBody,
  sandboxPayResponse,
  UPLOAD_MAX_BYTES,
  uploadResponse,
  withdrawalResponse,
  withdrawalsResponse,
  withdrawInfoResponse,
} from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isPaymentSandboxOn } from '../../config';
import { currentMember } from '../../platform/auth';
import { readCashierSettings, startOfBusinessDay } from '../../platform/cashier-settings';
import { AppError } from '../../platform/errors';
import { LocalDiskStorage } from '../../platform/file-storage';
import type { Merchant } from '../../platform/merchant';
import { requireRealMember } from '../../platform/policy';
import { publicOriginOf } from '../../platform/public-origin';
import { cashierContext } from '../../platform/request-context';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { errors } from '../../platform/route-docs';
import { findBankAccountById, listConfirmedBankAccounts } from '../security/index';
import { getMemberBalances } from '../wallet/index';
import { cancelDeposit } from './cancel-deposit';
import { confirmWithdrawal } from './confirm-withdrawal';
import { createDeposit } from './create-deposit';
import { createWithdrawal } from './create-withdrawal';
import { type DepositChannelRow, findChannel, localised, presentDeposit } from './deposit-queries';
import { handleGatewayCallback } from './handle-gateway-callback';
import { idempotencyKeyOf } from './idempotency-key';
import { findDeposit, findMemberDeposit, listEnabledChannels, listMemberDeposits, listMemberWithdrawals } from './member-cashier-reads';
import { resolveProviderConfig } from './provider-config';
import { providerOf } from './provider-registry';
import { providerCallbackRoutes } from './provider-routes';
import { sandboxGateway } from './sandbox-gateway';
import { saveUpload } from './save-upload';
import { maskAccountNumber, presentWithdrawal, type WithdrawalRow, withdrawalUsageSince } from './withdrawal-queries';

const tags = ['cashier'];
/** Calls that check the payment password are bounded per member session as well. */
const secretCheckLimit = perSessionLimit(10);

/** Deposits, withdrawals, uploads and, in a demo, the sandbox gateway's pay call and callback. */
export async function cashierRoutes(root: FastifyInstance): Promise<void> {
  const storage = new LocalDiskStorage(path.resolve(root.config.DATA_DIR, 'uploads'));
  const app = root.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => cashierContext(request, storage);
  // The sandbox pays whatever a member asks for: its routes exist only in a demo run with it on.
  const isSandboxOn = isPaymentSandboxOn(root.config);
  const deps = () => ({ db: root.db, realtime: root.realtime, now: root.now(), isPaymentSandboxOn: isSandboxOn });
  /** A withdrawal as the member sees it, with its bank account's number masked. */
  const presentWithBank = async (withdrawal: WithdrawalRow) => {
    const bank = await findBankAccountById(root.db, withdrawal.bankAccountId);
    if (!bank) throw new AppError('NOT_FOUND');
    return presentWithdrawal(withdrawal, bank);
  };

  await app.register(async (member) => {
    const routes = member.withTypeProvider<ZodTypeProvider>();
    // Every cashier call is real money: trial players get TRIAL_FORBIDDEN.
    routes.addHook('preValidation', requireRealMember);
    await routes.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4 } });

    const route = defineRoutes(routes, { tags });
    route.get(
      CASHIER_PATHS.depositChannels,
      { summary: 'Deposit channels of the merchant', response: depositChannelsResponse },
      async (request) => {
        const rows = await listEnabledChannels(root.db, request.merchant.id);
        // A sandbox row re-enabled by hand outside a demo is still not offered, nor a provider
        // channel whose provider is unknown or whose credentials are not in this server's environment.
        const origin = publicOriginOf(request);
        return rows
          .filter((row) => (row.provider === 'sandbox' ? isSandboxOn : isProviderChannelReady(row, request.merchant, origin)))
          .map((row) => ({
            id: row.id,
            code: row.code,
            kind: row.kind as 'bank' | 'bkash' | 'nagad' | 'gateway',
            name: localised(row.name, request.language),
            minAmount: formatAmount(row.minAmount),
            maxAmount: formatAmount(row.maxAmount),
            instructions: localised(row.instructions, request.language),
            accountName: row.accountName,
            accountNumber: row.accountNumber,
            isSandbox: row.provider === 'sandbox',
            provider: row.kind === 'gateway' && row.provider !== 'sandbox' ? row.provider : null,
          }));
      },
    );

    route.post(
      CASHIER_PATHS.uploads,
      { summary: 'Upload a proof image (multipart field "file", png/jpg, 5 MB)', response: uploadResponse },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const file = await request.file();
        if (!file) throw new AppError('UPLOAD_INVALID');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          // @fastify/multipart throws when the file passes the size limit.
          throw new AppError('UPLOAD_INVALID');
        }
        return await saveUpload(context(request), currentMember(request), bytes);
      },
    );

    route.post(
      CASHIER_PATHS.deposits,
      { summary: 'Request a deposit (Idempotency-Key header or idempotencyKey field)', body: createDepositBody, response: depositResponse },
      async (request) => {
        const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
        const { deposit, channel } = await createDeposit(context(request), currentMember(request), {
          ...request.body,
          idempotencyKey,
          siteOrigin: publicOriginOf(request),
        });
        return presentDeposit(deposit, channel, request.language);
      },
    );

    route.post(
      CASHIER_PATHS.depositCancel,
      {
        summary: 'Cancel the member’s own unpaid online (gateway) deposit order (repeats answer the same)',
        params: cashierIdParams,
        response: depositResponse,
      },
      async (request) => {
        const { deposit, channel } = await cancelDeposit(context(request), currentMember(request), request.params.id);
        return presentDeposit(deposit, channel, request.language);
      },
    );

    route.get(CASHIER_PATHS.deposits, { summary: 'The member’s recent deposits', response: depositsResponse }, async (request) => {
      const rows = await listMemberDeposits(root.db, currentMember(request).id, 20);
      return rows.map((row) => presentDeposit(row.deposit, row.channel, request.language));
    });

    // SANDBOX only: the member plays the provider and completes their own payment. On a real site
    // this route does not exist (404), so no member token can complete a payment.
    if (isSandboxOn) {
      route.post(
        CASHIER_PATHS.sandboxPay,
        {
          summary: 'SANDBOX gateway: complete or fail a pending sandbox payment (sends the signed callback)',
          body: sandboxPayBody,
          response: sandboxPayResponse,
        },
        async (request) => {
          const member = currentMember(request);
          const deposit = await findMemberDeposit(root.db, member.id, request.body.depositId);
          const channel = deposit ? await findChannel(root.db, request.merchant.id, deposit.channelId) : null;
          if (!deposit || !channel || channel.provider !== 'sandbox' || !deposit.gatewayTransactionId) throw new AppError('NOT_FOUND');
          const { rawBody, signature } = sandboxGateway.buildCallback(channel, {
            eventId: `${deposit.gatewayTransactionId}:${request.body.outcome}`,
            gatewayTransactionId: deposit.gatewayTransactionId,
            depositId: deposit.id,
            amount: formatAmount(deposit.amount),
            status: request.body.outcome,
          });
          // Through the real HTTP callback route, exactly as the provider would call it.
          const deliveries: number[] = [];
          for (let attempt = 0; attempt < (request.body.isDuplicated ? 2 : 1); attempt += 1) {
            const response = await root.inject({
              method: 'POST',
              url: CASHIER_PATHS.sandboxCallback,
              headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
              payload: rawBody,
            });
            deliveries.push(response.statusCode);
          }
          const updated = await findDeposit(root.db, deposit.id);
          return { deposit: presentDeposit(updated ?? deposit, channel, request.language), deliveries };
        },
      );
    }

    route.get(
      CASHIER_PATHS.withdrawInfo,
      { summary: 'Bound bank accounts, limits and today’s usage', response: withdrawInfoResponse },
      async (request) => {
        const member = currentMember(request);
        const settings = readCashierSettings(request.merchant);
        const banks = await listConfirmedBankAccounts(root.db, member.id);
        const usage = await withdrawalUsageSince(root.db, member.id, startOfBusinessDay(root.now(), request.merchant.utcOffsetMinutes));
        const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: member.id });
        return {
          bankAccounts: banks.map((bank) => ({
            id: bank.id,
            bankName: bank.bankName,
            accountName: bank.accountName,
            accountNumber: maskAccountNumber(bank.accountNumber),
          })),
          hasPaymentPassword: member.paymentPasswordHash !== null,
          available: formatAmount(balances.available),
          minAmount: formatAmount(settings.withdrawMin),
          maxAmount: formatAmount(settings.withdrawMax),
          dailyMaxAmount: formatAmount(settings.withdrawDailyMaxAmount),
          dailyMaxCount: settings.withdrawDailyMaxCount,
          usedTodayAmount: formatAmount(usage.amount),
          usedTodayCount: usage.count,
          confirmTimeoutMinutes: settings.withdrawConfirmTimeoutMinutes,
        };
      },
    );

    route.post(
      CASHIER_PATHS.withdrawals,
      {
        summary: 'Request a withdrawal to a bound bank account with the payment password (E); the amount is held',
        body: createWithdrawalBody,
        response: withdrawalResponse,
        encrypted: true,
        rateLimit: secretCheckLimit,
      },
      async (request) => {
        const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
        const withdrawal = await createWithdrawal(context(request), currentMember(request), { ...request.body, idempotencyKey });
        return await presentWithBank(withdrawal);
      },
    );

    route.get(
      CASHIER_PATHS.withdrawals,
      { summary: 'The member’s recent withdrawals with received and remaining amounts', response: withdrawalsResponse },
      async (request) => {
        const rows = await listMemberWithdrawals(root.db, currentMember(request).id, 20);
        return rows.map((row) => presentWithdrawal(row.withdrawal, row.bank));
      },
    );

    route.post(
      CASHIER_PATHS.withdrawalConfirm,
      {
        summary: 'Confirm a payout: received, not received (with proof) or partially received',
        params: cashierIdParams,
        body: confirmWithdrawalBody,
        response: withdrawalResponse,
      },
      async (request) => {
        const withdrawal = await confirmWithdrawal(context(request), currentMember(request), request.params.id, request.body);
        return await presentWithBank(withdrawal);
      },
    );
  });

  // Real providers' callbacks (/payment-callback/<provider>/<kind>), on every site.
  await app.register(providerCallbackRoutes);

  // The provider's callback: outside /wps (the site gate must not refuse it during maintenance),
  // no member session; trust comes only from the signature over the exact bytes received.
  // A real provider adds its own `/payment-callback/<provider>` route here the same way.
  if (isSandboxOn) {
    await app.register(async (callbacks) => {
      callbacks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      callbacks.withTypeProvider<ZodTypeProvider>().post(
        CASHIER_PATHS.sandboxCallback,
        {
          schema: {
            tags,
            summary: 'SANDBOX gateway callback (HMAC-SHA256 in x-sandbox-signature)',
            response: { 200: callbackResponse, ...errors },
          },
        },
        async (request) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const result = await handleGatewayCallback(deps(), { provider: 'sandbox', rawBody, headers: request.headers });
          return { received: true, status: result.status };
        },
      );
    });
  }
}

/** A provider channel a member may use: its provider is registered and its configuration resolves here. */
function isProviderChannelReady(row: DepositChannelRow, merchant: Merchant, origin: string): boolean {
  if (row.kind !== 'gateway') return true;
  const provider = providerOf(row.provider);
  return provider !== null && resolveProviderConfig(provider, row, { currency: merchant.currency, origin }).ok;
}
