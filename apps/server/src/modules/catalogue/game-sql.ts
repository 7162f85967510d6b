import { type Column, type SQL, sql } from 'drizzle-orm';
import { games, vendors } from '../../db/schema/catalogue';

/*
 * The catalogue's game fields as scalar SQL, for other modules' queries (a member's rounds): the
 * games table stays the catalogue's, and the caller still makes one query (each subquery is one
 * primary-key probe).
 */

/** The game's code, icon and its name in `language` (the vendor's name where no translation exists), by its id. */
export function gameFieldsSql(gameId: Column | SQL, language: string) {
  return {
    code: sql<string>`(select game.game_code from ${games} game where game.id = ${gameId})`,
    iconUrl: sql<string>`(select game.icon_url from ${games} game where game.id = ${gameId})`,
    name: sql<string>`(select coalesce(game.display_names->>${language}, game.game_name) from ${games} game where game.id = ${gameId})`,
  };
}

/**
 * A derived table of the games' codes and categories (id, game_code, category), for a join in
 * another module's statement (the vendor session read of every bet); PostgreSQL inlines it, so
 * the plan is that of a join on games by primary key.
 */
export function gameKindsRelation(): SQL {
  return sql`(select id, game_code, category from ${games})`;
}

/**
 * A one-row derived table (id, vendor_id, category) of the game with this code under the vendor
 * with this code (none when the catalogue lacks it), for another module's statement (the house
 * games' rounds are written under their catalogue game).
 */
export function gameByCodeRelation(vendorCode: string, gameCode: string): SQL {
  return sql`(SELECT g.id, g.vendor_id, g.category FROM ${games} g JOIN ${vendors} v ON v.id = g.vendor_id
    WHERE v.code = ${vendorCode}::text AND g.game_code = ${gameCode}::text)`;
}
