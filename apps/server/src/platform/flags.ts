import { FEATURE_FLAGS, type FeatureFlag } from '@kismat/contracts/flags';
import type { WhitelabelModule } from '../db/schema/merchants';
import type { Merchant } from './merchant';

/** True when the module exists and it and every module above it are enabled. */
export function isModuleEnabled(tree: readonly WhitelabelModule[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.children && node.enabled === '1' && isModuleEnabled(node.children, modId)) return true;
  }
  return false;
}

/** A flag is on when its module and every module above it are enabled ('1'). */
export function isFlagOn(merchant: Pick<Merchant, 'whitelabel'>, flag: FeatureFlag | (string & {})): boolean {
  return isModuleEnabled(merchant.whitelabel, flag);
}

/** Each of the spec's ten flags, read from the merchant's module tree. */
export function computeFeatureFlags(tree: readonly WhitelabelModule[]): Record<FeatureFlag, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, isModuleEnabled(tree, flag)])) as Record<FeatureFlag, boolean>;
}

function containsModule(nodes: readonly WhitelabelModule[], modId: string): boolean {
  return nodes.some((node) => node.modId === modId || (node.children ? containsModule(node.children, modId) : false));
}

/**
 * A copy of the tree with the module switched. Switching on also switches on the modules
 * above it, or the operator's "on" would have no effect; a module not in the tree is added at
 * the top level.
 */
export function withModuleEnabled(tree: readonly WhitelabelModule[], modId: string, isOn: boolean): WhitelabelModule[] {
  const update = (nodes: readonly WhitelabelModule[]): WhitelabelModule[] =>
    nodes.map((node) => {
      if (node.modId === modId) return { ...node, enabled: isOn ? '1' : '0' };
      if (node.children && containsModule(node.children, modId)) {
        return { ...node, enabled: isOn ? '1' : node.enabled, children: update(node.children) };
      }
      return node;
    });
  if (!containsModule(tree, modId)) return [...tree, { modId, enabled: isOn ? '1' : '0' }];
  return update(tree);
}
