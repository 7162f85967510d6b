import type { OperatorGame, OperatorGameBody } from '@kismat/contracts/operator-catalogue';
import { merchantGames } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { availabilityChange } from './availability-change';
import { listMerchantGames } from './list-merchant-games';

async function findGame(db: DbOrTx, merchantId: number, nodeId: number): Promise<OperatorGame> {
  const { list } = await listMerchantGames(db, { merchantId, nodeId, pageNo: 1, pageSize: 1 });
  const game = list[0];
  if (!game) throw new AppError('NOT_FOUND');
  return game;
}

/**
 * A merchant's settings for one game: on/off, maintenance (with an optional planned end), and
 * the hot, new and order overrides (null goes back to the catalogue's value). Returns the game
 * before and after, for the audit log.
 */
export async function setMerchantGame(
  db: DbOrTx,
  input: { merchantId: number; nodeId: number; change: OperatorGameBody; now: Date },
): Promise<{ before: OperatorGame; after: OperatorGame }> {
  const before = await findGame(db, input.merchantId, input.nodeId);
  const { isHot, isNew } = input.change;
  const set = {
    ...availabilityChange(input.change),
    ...(isHot === undefined ? {} : { isHot }),
    ...(isNew === undefined ? {} : { isNew }),
    updatedAt: input.now,
  };
  await db
    .insert(merchantGames)
    .values({ merchantId: input.merchantId, gameId: input.nodeId, ...set })
    .onConflictDoUpdate({ target: [merchantGames.merchantId, merchantGames.gameId], set });
  return { before, after: await findGame(db, input.merchantId, input.nodeId) };
}
