import { eq, sql } from 'drizzle-orm';
import { merchantDomains, merchants, type WhitelabelModule } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';

export const DEFAULT_MERCHANT_CODE = 'KISMAT';

/**
 * The default merchant's module tree. The ten spec flags are leaves under the area they
 * switch; a flag is on when it and every module above it are enabled.
 */
export const DEFAULT_WHITELABEL: WhitelabelModule[] = [
  {
    modId: 'REGISTRATION',
    name: 'Registration',
    enabled: '1',
    children: [
      { modId: 'MOBILENUMREG3', name: 'Mobile number registration as the default tab', enabled: '0' },
      { modId: 'REGMOBVERF3', name: 'SMS verification on registration', enabled: '1' },
      { modId: 'MOBILENUMPASSREG3', name: 'Mobile number and password registration', enabled: '1' },
    ],
  },
  {
    modId: 'LOGIN',
    name: 'Login and password',
    enabled: '1',
    children: [
      { modId: 'MOBILEVERCODELOGIN3', name: 'SMS code login', enabled: '1' },
      { modId: 'PWDEXPFORCECHANGE3', name: 'Force a change of an expired password', enabled: '1' },
      { modId: 'CHNGPASSVERIF3', name: 'Password recovery by mobile', enabled: '1' },
    ],
  },
  { modId: 'GAMES', name: 'Games', enabled: '1', children: [{ modId: 'FREEPLAY3', name: 'Free play', enabled: '1' }] },
  { modId: 'AGENT', name: 'Agent programme', enabled: '1', children: [{ modId: 'AGENTPOLICY3', name: 'Agent contracts', enabled: '1' }] },
  {
    modId: 'POINTS',
    name: 'Points',
    enabled: '1',
    children: [
      { modId: 'PTSYS3', name: 'Points system', enabled: '1' },
      { modId: 'POINTMALL', name: 'Points mall', enabled: '1' },
    ],
  },
  { modId: 'REBATE', name: 'Rebates', enabled: '1', children: [{ modId: 'MANPLAYREB3', name: 'Manual rebate', enabled: '1' }] },
  {
    modId: 'PROMOTIONS',
    name: 'Promotions',
    enabled: '1',
    children: [{ modId: 'REFERRAL', name: 'Invite friends (referral)', enabled: '1' }],
  },
  { modId: 'LIVECHAT', name: 'Live chat', enabled: '1' },
];

/** Adds modules of `template` missing from `tree` (by modId, anywhere); existing ones keep their state. */
export function mergeMissingModules(
  tree: WhitelabelModule[],
  template: WhitelabelModule[],
): { tree: WhitelabelModule[]; changed: boolean } {
  const present = new Set<string>();
  const collect = (nodes: WhitelabelModule[]) => {
    for (const node of nodes) {
      present.add(node.modId);
      if (node.children) collect(node.children);
    }
  };
  collect(tree);
  let changed = false;
  const merge = (target: WhitelabelModule[], source: WhitelabelModule[]): WhitelabelModule[] => {
    const result = target.map((node) => ({ ...node, ...(node.children ? { children: [...node.children] } : {}) }));
    for (const templateNode of source) {
      const existing = result.find((node) => node.modId === templateNode.modId);
      if (existing) {
        if (templateNode.children) existing.children = merge(existing.children ?? [], templateNode.children);
      } else if (!present.has(templateNode.modId)) {
        result.push(structuredClone(templateNode));
        changed = true;
      }
    }
    return result;
  };
  const merged = merge(tree, template);
  return { tree: merged, changed };
}

/** The default merchant and its local domains; operator edits to an existing merchant are kept. */
export async function seedDefaultMerchant(tx: DbOrTx): Promise<number> {
  await tx
    .insert(merchants)
    .values({
      code: DEFAULT_MERCHANT_CODE,
      name: 'Kismat',
      isDefault: true,
      currency: 'BDT',
      currencySymbol: '৳',
      defaultLanguage: 'BN',
      utcOffsetMinutes: 360,
      mainDomain: 'localhost',
      whitelabel: DEFAULT_WHITELABEL,
      settings: { gtagId: null, imageCDNs: [], launchGameCDNs: [] },
    })
    .onConflictDoNothing({ target: merchants.code });

  // Locked so two nodes booting together cannot both rewrite the tree. NO KEY UPDATE, not UPDATE:
  // every row written with a merchant_id holds KEY SHARE on this row until it commits, and under
  // traffic a FOR UPDATE waits behind that stream forever (a node restarted mid-load timed out
  // here, issue 20); NO KEY UPDATE still excludes another seeding node.
  const [merchant] = await tx
    .select({ id: merchants.id, whitelabel: merchants.whitelabel })
    .from(merchants)
    .where(eq(merchants.code, DEFAULT_MERCHANT_CODE))
    .for('no key update');
  if (!merchant) throw new Error('default merchant missing after insert');

  const { tree, changed } = mergeMissingModules(merchant.whitelabel, DEFAULT_WHITELABEL);
  if (changed) await tx.update(merchants).set({ whitelabel: tree, updatedAt: sql`now()` }).where(eq(merchants.id, merchant.id));

  await tx
    .insert(merchantDomains)
    .values([
      { merchantId: merchant.id, domain: 'localhost', purpose: 'member', isPrimary: true },
      { merchantId: merchant.id, domain: '127.0.0.1', purpose: 'member', isPrimary: false },
    ])
    .onConflictDoNothing({ target: merchantDomains.domain });
  return merchant.id;
}
