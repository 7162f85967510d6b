import { balanceResponse, CASHIER_PATHS, transactionsQuery, transactionsResponse } from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentMember } from '../../platform/auth';
import { requireMember, requireRealMember } from '../../platform/policy';
import { defineRoutes } from '../../platform/route';
import { ensureMemberWallet } from './ensure-member-wallet';
import { getMemberBalances } from './get-member-balances';
import { listMemberEntries } from './list-member-entries';
import { presentMemberBalances } from './present-member-balances';

const tags = ['wallet'];
/** Balance and transaction history; the tree transfers are the cashier's (cashier/transfer-routes.ts). */
export async function walletRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const route = defineRoutes(app, { tags });
  route.get(
    CASHIER_PATHS.balance,
    { summary: 'Balances (T): spendable cash, held, bonus, play money, points', response: balanceResponse, preValidation: requireMember },
    async (request) => {
      const member = currentMember(request);
      await ensureMemberWallet(root.db, request.merchant, member);
      const balances = await getMemberBalances(root.db, { merchantId: request.merchant.id, memberId: member.id });
      return presentMemberBalances(balances, request.merchant);
    },
  );

  route.get(
    CASHIER_PATHS.transactions,
    {
      summary: 'Cash transaction history with type and date filters, paging and totals',
      querystring: transactionsQuery,
      response: transactionsResponse,
      preValidation: requireRealMember,
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
      return {
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
      };
    },
  );
}
