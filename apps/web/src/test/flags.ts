import { FEATURE_FLAGS, type FeatureFlag } from '@kismat/contracts/flags';

/** Every one of the spec's feature flags off; a test switches on the ones it is about. */
export const FLAGS_OFF: Readonly<Record<FeatureFlag, boolean>> = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as Record<
  FeatureFlag,
  boolean
>;
