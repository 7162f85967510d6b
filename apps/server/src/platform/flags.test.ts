import { describe, expect, it } from 'vitest';
import type { WhitelabelModule } from '../db/schema/merchants';
import { DEFAULT_WHITELABEL, mergeMissingModules } from '../modules/system/index';
import { computeFeatureFlags, isModuleEnabled, withModuleEnabled } from './flags';

const tree: WhitelabelModule[] = [
  { modId: 'POINTS', enabled: '0', children: [{ modId: 'PTSYS3', enabled: '1' }] },
  { modId: 'LOGIN', enabled: '1', children: [{ modId: 'MOBILEVERCODELOGIN3', enabled: '1' }] },
  { modId: 'FREEPLAY3', enabled: '0' },
];

describe('whitelabel flags', () => {
  it('a flag is on only when it and every module above it are enabled', () => {
    expect(isModuleEnabled(tree, 'MOBILEVERCODELOGIN3')).toBe(true);
    expect(isModuleEnabled(tree, 'PTSYS3')).toBe(false);
    expect(isModuleEnabled(tree, 'FREEPLAY3')).toBe(false);
    expect(isModuleEnabled(tree, 'MISSING')).toBe(false);
    expect(computeFeatureFlags(tree)).toMatchObject({ MOBILEVERCODELOGIN3: true, PTSYS3: false, FREEPLAY3: false, AGENTPOLICY3: false });
  });

  it('switching a flag on also switches on its parents, without touching the input', () => {
    const next = withModuleEnabled(tree, 'PTSYS3', true);
    expect(isModuleEnabled(next, 'PTSYS3')).toBe(true);
    expect(isModuleEnabled(tree, 'PTSYS3')).toBe(false);
    const off = withModuleEnabled(next, 'PTSYS3', false);
    expect(isModuleEnabled(off, 'PTSYS3')).toBe(false);
    expect(isModuleEnabled(off, 'POINTS')).toBe(true);
  });

  it('switching an unknown module adds it at the top level', () => {
    const next = withModuleEnabled(tree, 'MANPLAYREB3', true);
    expect(next).toHaveLength(tree.length + 1);
    expect(computeFeatureFlags(next).MANPLAYREB3).toBe(true);
  });

  it('the default tree has the spec flags in the agreed state', () => {
    const flags = computeFeatureFlags(DEFAULT_WHITELABEL);
    expect(flags.MOBILENUMREG3).toBe(false);
    for (const flag of [
      'MOBILEVERCODELOGIN3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
      'FREEPLAY3',
      'PWDEXPFORCECHANGE3',
      'AGENTPOLICY3',
      'PTSYS3',
      'MANPLAYREB3',
      'CHNGPASSVERIF3',
    ] as const) {
      expect(flags[flag], flag).toBe(true);
    }
  });

  it('the seed merges missing modules and keeps the state of existing ones', () => {
    const operatorTree = withModuleEnabled(DEFAULT_WHITELABEL, 'PTSYS3', false).filter((node) => node.modId !== 'LIVECHAT');
    const { tree: merged, changed } = mergeMissingModules(operatorTree, DEFAULT_WHITELABEL);
    expect(changed).toBe(true);
    expect(isModuleEnabled(merged, 'LIVECHAT')).toBe(true);
    expect(isModuleEnabled(merged, 'PTSYS3')).toBe(false);
    expect(mergeMissingModules(merged, DEFAULT_WHITELABEL).changed).toBe(false);
    // A module the operator moved elsewhere in the tree is not added a second time.
    const moved: WhitelabelModule[] = [{ modId: 'EXTRA', enabled: '1', children: [{ modId: 'LIVECHAT', enabled: '0' }] }];
    const remerged = mergeMissingModules(moved, DEFAULT_WHITELABEL).tree;
    expect(JSON.stringify(remerged).match(/"LIVECHAT"/g)).toHaveLength(1);
  });
});
