import { type Column, type SQL, sql } from 'drizzle-orm';
import { vendors } from '../../db/schema/catalogue';

/*
 * The catalogue's vendor fields as scalar SQL, for other modules' queries (a vendor's transfer
 * wallets, its integration row): the vendors table stays the catalogue's, and the caller still
 * makes one query, not a second look-up (each subquery is one primary-key probe).
 */

function vendorField<T>(vendorId: Column | SQL, field: SQL): SQL<T> {
  return sql<T>`(select ${field} from ${vendors} vendor where vendor.id = ${vendorId})`;
}

/** The vendor's fields by its id: code, name, status, isHouse and display sort. */
export function vendorFieldsSql(vendorId: Column | SQL) {
  return {
    code: vendorField<string>(vendorId, sql`vendor.code`),
    name: vendorField<string>(vendorId, sql`vendor.name`),
    status: vendorField<string>(vendorId, sql`vendor.status`),
    isHouse: vendorField<boolean>(vendorId, sql`vendor.is_house`),
    sort: vendorField<number>(vendorId, sql`vendor.sort`),
  };
}

/** The id of the vendor with this code (codes are stored upper-case), or null: for a where clause. */
export function vendorIdByCodeSql(code: string): SQL<number | null> {
  return sql<number | null>`(select vendor.id from ${vendors} vendor where vendor.code = ${code.toUpperCase()})`;
}
