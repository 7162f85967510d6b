import { type SQL, sql } from 'drizzle-orm';
import { games, vendors } from '../../db/schema/catalogue';

/**
 * A derived table of the third-party games (id, vendor_id, game_code, category): every game of a
 * vendor that is not the house, for another module's statement (the aggregator wallet core finds
 * the game an aggregator's call names by its code, and reads a session's game with its studio).
 */
export function thirdPartyGamesRelation(): SQL {
  return sql`(SELECT g.id, g.vendor_id, g.game_code, g.category FROM ${games} g JOIN ${vendors} v ON v.id = g.vendor_id WHERE NOT v.is_house)`;
}
