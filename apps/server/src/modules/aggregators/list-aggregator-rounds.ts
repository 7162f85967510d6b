import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import { listVendorRounds } from '../vendor-wallet/index';
import { findIntegration, studioVendorIds } from './integrations';

/** Our rounds played through a contract (its studios' vendors), one page, newest first. */
export async function listAggregatorRounds(
  db: DbOrTx,
  input: {
    merchantId: number;
    integrationId: number;
    memberId?: number | undefined;
    pageNo: number;
    pageSize: number;
    from?: string | undefined;
    to?: string | undefined;
    status?: 'OPEN' | 'CLOSED' | undefined;
  },
) {
  const integration = await findIntegration(db, input.merchantId, input.integrationId);
  const vendorIds = await studioVendorIds(db, integration.id);
  const { list, total } = await listVendorRounds(db, {
    merchantId: input.merchantId,
    vendorIds,
    memberId: input.memberId,
    status: input.status,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  });
  return {
    total,
    list: list.map((round) => ({
      id: round.id,
      vendorRoundId: round.vendorRoundId,
      vendorCode: round.vendorCode,
      gameCode: round.gameCode,
      gameName: round.gameName,
      username: round.username,
      currency: round.currency,
      status: round.status,
      isTrial: round.isTrial,
      stake: formatAmount(round.betTotal),
      payout: formatAmount(round.payoutTotal),
      betCount: round.betCount,
      openedAt: round.openedAt.toISOString(),
      settledAt: round.settledAt?.toISOString() ?? null,
    })),
  };
}
