import { eq } from 'drizzle-orm';
import { vendorIntegrations } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { vendorFieldsSql, vendorIdByCodeSql } from '../catalogue/index';
import { AccountShapeCache, openAccount } from '../wallet/index';

export interface VendorIntegration {
  vendorId: number;
  code: string;
  name: string;
  status: string;
  isHouse: boolean;
  apiSecret: string;
  launchUrl: string;
  launchMode: 'iframe' | 'redirect';
  isDemo: boolean;
}

// Vendor rows and secrets change by operator action only; a few seconds of cache keeps the
// signature check off the database on every call, and a rotated secret applies within it.
const CACHE_MS = 5000;

/** Looks vendors and their integration up by code with a short cache; clearing accounts are cached for the process. */
export class VendorDirectory {
  private readonly byCode = new Map<string, { value: VendorIntegration | null; expires: number }>();
  private readonly clearingAccounts = new Map<string, number>();
  /** The fixed attributes of the accounts bets and wins move (never their balances), for this database. */
  readonly accounts = new AccountShapeCache();

  constructor(private readonly db: DbOrTx) {}

  async find(code: string): Promise<VendorIntegration | null> {
    const key = code.toUpperCase();
    const hit = this.byCode.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    // The integration row is this module's; the vendor's own fields are the catalogue's (scalar SQL from its face, one query).
    const vendor = vendorFieldsSql(vendorIntegrations.vendorId);
    const [row] = await this.db
      .select({
        vendorId: vendorIntegrations.vendorId,
        code: vendor.code,
        name: vendor.name,
        status: vendor.status,
        isHouse: vendor.isHouse,
        apiSecret: vendorIntegrations.apiSecret,
        launchUrl: vendorIntegrations.launchUrl,
        launchMode: vendorIntegrations.launchMode,
        isDemo: vendorIntegrations.isDemo,
      })
      .from(vendorIntegrations)
      .where(eq(vendorIntegrations.vendorId, vendorIdByCodeSql(key)))
      .limit(1);
    const value = row ? { ...row, launchMode: row.launchMode === 'redirect' ? ('redirect' as const) : ('iframe' as const) } : null;
    if (this.byCode.size > 1000) this.byCode.clear();
    this.byCode.set(key, { value, expires: Date.now() + CACHE_MS });
    return value;
  }

  /** The merchant's VENDOR_CLEARING:<vendor> account (opened on first use). */
  async clearingAccountId(merchantId: number, vendorCode: string, currency: string): Promise<number> {
    const key = `${merchantId}:${vendorCode}:${currency}`;
    const known = this.clearingAccounts.get(key);
    if (known !== undefined) return known;
    const account = await openAccount(this.db, { merchantId, code: 'VENDOR_CLEARING', subkey: vendorCode, currency });
    this.clearingAccounts.set(key, account.id);
    return account.id;
  }

  /** The account a session's money moves against: VENDOR_CLEARING:<vendor>, or TRIAL_ISSUER for fun mode (play money stays in the trial realm). */
  async counterAccountId(merchantId: number, vendorCode: string, currency: string, isTrial: boolean): Promise<number> {
    if (!isTrial) return this.clearingAccountId(merchantId, vendorCode, currency);
    const key = `${merchantId}:TRIAL_ISSUER:${currency}`;
    const known = this.clearingAccounts.get(key);
    if (known !== undefined) return known;
    const account = await openAccount(this.db, { merchantId, code: 'TRIAL_ISSUER', currency });
    this.clearingAccounts.set(key, account.id);
    return account.id;
  }

  clear(): void {
    this.byCode.clear();
  }
}
