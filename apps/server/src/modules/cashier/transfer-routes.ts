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
import { requireAgent, requireRealMember } from '../../platform/policy';
import { requestContext } from '../../platform/request-context';
import { defineRoutes, perSessionLimit } from '../../platform/route';
import { getMemberBalances } from '../wallet/index';
import { idempotencyKeyOf } from './idempotency-key';
import type { MemberTransferRow } from './move-member-funds';
import { transferFund } from './transfer-fund';
import { listTransferRecipients, sumTransfersSince } from './transfer-queries';
import { findUpline, transferUpline } from './transfer-upline';

// Same tag as before the move: the public API document lists these calls under the wallet.
const tags = ['wallet'];
const secretCheckLimit = perSessionLimit(10);

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

  const route = defineRoutes(app, { tags });
  route.get(
    CASHIER_PATHS.transferInfo,
    { summary: 'Available cash, upline and transfer limits', response: transferInfoResponse, preValidation: requireRealMember },
    async (request) => {
      const member = currentMember(request);
      const settings = readCashierSettings(request.merchant);
      const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: member.id });
      const upline = await findUpline(root.db, member);
      const usedToday = await sumTransfersSince(root.db, member.id, startOfBusinessDay(root.now(), request.merchant.utcOffsetMinutes));
      return {
        available: formatAmount(balances.available),
        upline: upline ? { id: upline.id, username: upline.username, nickname: upline.nickname } : null,
        minAmount: formatAmount(settings.transferMin),
        maxAmount: formatAmount(settings.transferMax),
        dailyMaxAmount: formatAmount(settings.transferDailyMaxAmount),
        usedTodayAmount: formatAmount(usedToday),
        hasPaymentPassword: member.paymentPasswordHash !== null,
      };
    },
  );

  route.get(
    CASHIER_PATHS.downlines,
    {
      summary: 'The agent’s downlines to pick a transfer recipient',
      querystring: downlinesQuery,
      response: downlinesResponse,
      preValidation: requireAgent,
    },
    async (request) => {
      const rows = await listTransferRecipients(root.db, currentMember(request).id, request.query.search);
      return rows;
    },
  );

  route.post(
    CASHIER_PATHS.transferFund,
    {
      summary: 'Agent to own downline, with the payment password (E)',
      body: transferFundBody,
      response: transferResponse,
      preValidation: requireAgent,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const { transfer, to } = await transferFund(requestContext(request), currentMember(request), {
        ...request.body,
        idempotencyKey,
      });
      return await presentTransfer(request, transfer, to.username);
    },
  );

  route.post(
    CASHIER_PATHS.transferUpline,
    {
      summary: 'Member to own upline, with the payment password (E)',
      body: transferUplineBody,
      response: transferResponse,
      preValidation: requireRealMember,
      encrypted: true,
      rateLimit: secretCheckLimit,
    },
    async (request) => {
      const idempotencyKey = idempotencyKeyOf(request, request.body.idempotencyKey);
      const { transfer, to } = await transferUpline(requestContext(request), currentMember(request), {
        ...request.body,
        idempotencyKey,
      });
      return await presentTransfer(request, transfer, to.username);
    },
  );
}
