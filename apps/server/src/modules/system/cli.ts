/**
 * Operator commands for a merchant's site switches, against the configured database (the same
 * DATABASE_URL / DATA_DIR as the server), until the back office has screens for them.
 *
 *   node --import tsx apps/server/src/modules/system/cli.ts <command> [--merchant CODE]
 *
 *   show                                      print the merchant's status switches and flags
 *   maintenance on [--end 2026-03-01T12:00Z]  status 1 (until the end, if given)
 *   maintenance off
 *   region [--block-countries BD,IN] [--allow-ips 1.2.3.4,10.0.0.0/8] [--block-ips ...]
 *                                             replaces the lists given; an empty value clears one
 *   flag <MODULE> on|off                      e.g. flag PTSYS3 off
 *
 * A running server sees a change within two seconds (its merchant cache). With the embedded
 * database (no DATABASE_URL) stop the server first: PGlite allows one process at a time.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { merchants } from '../../db/schema/merchants';
import { openDatabase } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { computeFeatureFlags } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { DEFAULT_MERCHANT_CODE } from './seed-merchant';
import { setMerchantFlag } from './set-merchant-flag';
import { setMerchantMaintenance } from './set-merchant-maintenance';
import { type RegionRulesInput, setMerchantRegionRules } from './set-merchant-region-rules';

const USAGE = `usage: cli.ts <show | maintenance on|off [--end ISO] | region [--block-countries ..] [--allow-ips ..] [--block-ips ..] | flag MODULE on|off> [--merchant CODE]`;

class UsageError extends Error {}

function describeMerchant(merchant: Merchant) {
  return {
    merchant: merchant.code,
    maintenance: merchant.isMaintenance,
    maintenanceEnd: merchant.maintenanceEnd?.toISOString() ?? null,
    blockedCountries: merchant.blockedCountries,
    ipAllowList: merchant.ipAllowList,
    ipBlockList: merchant.ipBlockList,
    flags: computeFeatureFlags(merchant.whitelabel),
  };
}

function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseSwitch(value: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`expected on or off, got ${value ?? 'nothing'}`);
}

type Command =
  | { kind: 'show' }
  | { kind: 'maintenance'; isOn: boolean; end: Date | null }
  | { kind: 'region'; input: RegionRulesInput }
  | { kind: 'flag'; flag: string; isOn: boolean };

/** Reads the command line completely before any database is opened, so a typo costs nothing. */
function parseCommand(argv: string[]): { merchantCode: string; command: Command } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      merchant: { type: 'string', default: DEFAULT_MERCHANT_CODE },
      end: { type: 'string' },
      'block-countries': { type: 'string' },
      'allow-ips': { type: 'string' },
      'block-ips': { type: 'string' },
    },
  });
  const [name, first, second] = positionals;
  const merchantCode = values.merchant;
  switch (name) {
    case 'show':
      return { merchantCode, command: { kind: 'show' } };
    case 'maintenance': {
      const end = values.end ? new Date(values.end) : null;
      if (end && Number.isNaN(end.getTime())) throw new UsageError(`--end is not a date: ${values.end}`);
      return { merchantCode, command: { kind: 'maintenance', isOn: parseSwitch(first), end } };
    }
    case 'region': {
      const blockedCountries = splitList(values['block-countries']);
      const ipAllowList = splitList(values['allow-ips']);
      const ipBlockList = splitList(values['block-ips']);
      const input: RegionRulesInput = {
        ...(blockedCountries ? { blockedCountries } : {}),
        ...(ipAllowList ? { ipAllowList } : {}),
        ...(ipBlockList ? { ipBlockList } : {}),
      };
      return { merchantCode, command: { kind: 'region', input } };
    }
    case 'flag':
      if (!first) throw new UsageError('flag needs a module id');
      return { merchantCode, command: { kind: 'flag', flag: first.toUpperCase(), isOn: parseSwitch(second) } };
    default:
      throw new UsageError(name ? `unknown command ${name}` : 'no command');
  }
}

async function run(argv: string[]): Promise<unknown> {
  const { merchantCode, command } = parseCommand(argv);
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    switch (command.kind) {
      case 'show': {
        const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, merchantCode));
        if (!merchant) throw new UsageError(`no merchant ${merchantCode}`);
        return describeMerchant(merchant);
      }
      case 'maintenance':
        return describeMerchant(await setMerchantMaintenance(database.db, merchantCode, { on: command.isOn, end: command.end }));
      case 'region':
        return describeMerchant(await setMerchantRegionRules(database.db, merchantCode, command.input));
      case 'flag':
        return describeMerchant(await setMerchantFlag(database.db, merchantCode, command.flag, command.isOn));
    }
  } finally {
    await database.close();
  }
}

try {
  const result = await run(process.argv.slice(2));
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else if (isAppError(error)) {
    console.error(
      `${error.code}${error.userMessage ? `: ${error.userMessage}` : ''}${error.value ? ` ${JSON.stringify(error.value)}` : ''}`,
    );
    process.exitCode = 1;
  } else {
    throw error;
  }
}
