import {
  balanceResponse,
  CASHIER_PATHS,
  downlinesQuery,
  downlinesResponse,
  transactionsQuery,
  transactionsResponse,
  transferFundBody,
  transferInfoResponse,
  transferResponse,
  transferUplineBody,
} from '@kismat/contracts/cashier';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq, gte, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { members, memberTree } from '../../db/schema/accounts';
import { memberTransfers } from '../../db/schema/cashier';
import { currentMember } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import type { FileStorage } from '../../platform/file-storage';
import { requireAgent, requireMember, requireRealMember } from '../../platform/policy';
import { cashierContext } from '../../platform/request-context';
import {
  findUpline,
  idempotencyKeyOf,
  type MemberTransferRow,
  readCashierSettings,
  startOfBusinessDay,
  transferFund,
  transferUpline,
} from '../cashier/index';
import { ensureMemberWallet } from './ensure-member-wallet';
import { getMemberBalances } from './get-member-balances';
import { listMemberEntries } from './list-member-entries';
import { presentMemberBalances } from './present-member-balances';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const bearer = [{ bearer: [] }];
const tags = ['wallet'];
const secretCheckLimit = {
  max: 10,
  timeWindow: 60_000,
  // Per session (the bearer token), so players behind one carrier NAT do not share a budget.
  keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
};

// Transfers do not upload files; the context's storage is never used by them.
const noStorage: FileStorage = {
  save: () => Promise.reject(new Error('no storage here')),
  read: () => Promise.reject(new Error('no storage here')),
};

/** Balance, transaction history and tree transfers (transferFund, transferUpline). */
export async function walletRoutes(root: FastifyInstance): Promise<void> {
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
    CASHIER_PATHS.balance,
    {
      preValidation: requireMember,
      schema: {
        tags,
        summary: 'Balances (T): spendable cash, held, bonus, play money, points',
        security: bearer,
        response: { 200: balanceResponse, ...errors },
      },
    },
    async (request) => {
      const member = currentMember(request);
      await ensureMemberWallet(root.db, request.merchant, member);
      const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: member.id });
      return ok(request, presentMemberBalances(balances, request.merchant));
    },
  );

  app.get(
    CASHIER_PATHS.transactions,
    {
      preValidation: requireRealMember,
      schema: {
        tags,
        summary: 'Cash transaction history with type and date filters, paging and totals',
        security: bearer,
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listMemberEntries(root.db, {
        merchantId: request.merchant.id,
        memberId: currentMember(request).id,
        accountCodes: ['MEMBER_CASH'],
        types: query.type ? [query.type] : undefined,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.pageSize,
        page: query.page,
      });
      return ok(request, {
        items: page.items.map((entry) => ({
          id: entry.entryId,
          type: entry.type,
          amount: formatAmount(entry.amount),
          balanceAfter: formatAmount(entry.balanceAfter),
          createdAt: entry.createdAt.toISOString(),
          description: entry.description,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: page.total,
        totals: {
          credited: formatAmount(page.credited),
          debited: formatAmount(page.debited),
          net: formatAmount(page.credited - page.debited),
        },
      });
    },
  );

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
      const [usage] = await root.db
        .select({ amount: sql<string>`coalesce(sum(${memberTransfers.amount}), 0)::text` })
        .from(memberTransfers)
        .where(
          and(
            eq(memberTransfers.fromMemberId, member.id),
            gte(memberTransfers.createdAt, startOfBusinessDay(root.now(), request.merchant.utcOffsetMinutes)),
          ),
        );
      return ok(request, {
        available: formatAmount(balances.available),
        upline: upline ? { id: upline.id, username: upline.username, nickname: upline.nickname } : null,
        minAmount: formatAmount(settings.transferMin),
        maxAmount: formatAmount(settings.transferMax),
        dailyMaxAmount: formatAmount(settings.transferDailyMaxAmount),
        usedTodayAmount: formatAmount(BigInt(usage?.amount ?? '0')),
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
      const search = request.query.search;
      const rows = await root.db
        .select({ id: members.id, username: members.username, nickname: members.nickname, depth: memberTree.depth })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(
          and(
            eq(memberTree.ancestorId, currentMember(request).id),
            gte(memberTree.depth, 1),
            eq(members.status, 'ACTIVE'),
            search
              ? or(
                  ilike(members.username, `%${search.replace(/[%_\\]/g, '')}%`),
                  ilike(members.nickname, `%${search.replace(/[%_\\]/g, '')}%`),
                )
              : undefined,
          ),
        )
        .orderBy(asc(memberTree.depth), asc(members.username))
        .limit(50);
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
      const { transfer, to } = await transferFund(cashierContext(request, noStorage), currentMember(request), {
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
      const { transfer, to } = await transferUpline(cashierContext(request, noStorage), currentMember(request), {
        ...request.body,
        idempotencyKey,
      });
      return ok(request, await presentTransfer(request, transfer, to.username));
    },
  );
}
