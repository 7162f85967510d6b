import { z } from 'zod';

/**
 * The largest row id a caller may name: Postgres `integer`, the type of the serial ids
 * (channels, games, operators) and of the columns that reference members. A bigger number
 * used to reach Postgres, fail with 22003 and answer 500 (issue 11, finding 13); now it is a
 * 422 naming the field.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A row id in a JSON body. */
export const recordId = z.number().int().positive().max(MAX_RECORD_ID);

/** A row id in a path or a query string. */
export const recordIdParam = z.coerce.number().int().positive().max(MAX_RECORD_ID);
