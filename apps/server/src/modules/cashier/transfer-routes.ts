import {
  CASHIER_PATHS,
  downlinesQuery,
  downlinesResponse,
  transferFundBody,
  transferInfoResponse,
  transferResponse,
  transferUplineBody,
} from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { readCashierSettings, startOfBusinessDay } from '../../platform/cashier-settings';
import { ok } from '../../platform/envelope';
import { requireAgent, requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { bearerSecurity as bearer, errors } from '../../platform/route-docs';
import { getMemberBalances } from '../wallet/index';
import { idempotencyKeyOf } from './idempotency-key';
import type { MemberTransferRow } from './move-member-funds';
import { transferFund } from './transfer-fund';
import { listTransferRecipients, sumTransfersSince } from './transfer-queries';
import { findUpline, transferUpline } from './transfer-upline';

// Same tag as before the move: the public API document lists these calls under the wallet.
const tags = ['wallet'];
const secretCheckLimit = {
  max: 10,
  timeWindow: 60_000,
  // Per session (the bearer token), so players behind one carrier NAT do not share a budget.
  keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
};

/** Tree transfers: what a member may send, to whom, and the two transfers (agent to downline, member to upline). */
export async function cashierTransferRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  async function presentTransfer(request: FastifyRequest, transfer: MemberTransferRow, toUsername: string) {
    const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: transfer.fromMemberId });
    return {
      id: transfer.id,
      toUsername,
      amount: formatAmount(transfer.amount),
      balance: formatAmount(balances.available),
      createdAt: transfer.createdAt.toISOString(),
    };
  }

  app.get(
    CASHIER_PATHS.transferInfo,
    {
      preValidation: requireRealMember,
      schema: {
        tags,
        summary: 'Available cash, upline and transfer limits',
        security: bearer,
        response: { 200: transferInfoResponse, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const settings = readCashierSettings(request.merchant);
      const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: member.id });
      const upline = await findUpline(root.db, member);
      const usedToday = await sumTransfersSince(root.db, member.id, startOfBusinessDay(root.now(), request.merchant.utcOffsetMinutes));
      return ok(request, {
        available: formatAmount(balances.available),
        upline: upline ? { id: upline.id, username: upline.username, nickname: upline.nickname } : null,
        minAmount: formatAmount(settings.transferMin),
        maxAmount: formatAmount(settings.transferMax),
        dailyMaxAmount: formatAmount(settings.transferDailyMaxAmount),
        usedTodayAmount: formatAmount(usedToday),
        hasPaymentPassword: member.paymentPasswordHash !== null,
      });
    },
  );

  app.get(
    CASHIER_PATHS.downlines,
    {
      preValidation: requireAgent,
      schema: {
        tags,
        summary: 'The agent’s downlines to pick a transfer recipient',
        security: bearer,
        querystring: downlinesQuery,
        response: { 200: downlinesResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await listTransferRecipients(root.db, currentMember(request).id, request.query.search);
      return ok(request, rows);
    },
  );

  app.post(
    CASHIER_PATHS.transferFund,
    {
      preValidation: requireAgent,
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Agent to own downline, with the payment password (E)',
        security: bearer,
        body: transferFundBody,
        response: { 200: transferResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const { transfer, to } = await transferFund(requestContext(request), currentMember(request), {
        ...request.body,
        idempotencyKey,
      });
      return ok(request, await presentTransfer(request, transfer, to.username));
    },
  );

  app.post(
    CASHIER_PATHS.transferUpline,
    {
      preValidation: requireRealMember,
      config: { encrypted: true, rateLimit: secretCheckLimit },
      schema: {
        tags,
        summary: 'Member to own upline, with the payment password (E)',
        security: bearer,
        body: transferUplineBody,
        response: { 200: transferResponse, ...errors },
      },
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const { transfer, to } = await transferUpline(requestContext(request), currentMember(request), {
        ...request.body,
        idempotencyKey,
      });
      return ok(request, await presentTransfer(request, transfer, to.username));
    },
  );
}
