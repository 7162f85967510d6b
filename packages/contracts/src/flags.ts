/** Whitelabel feature flags of spec section 3. A flag is on when its module is enabled ('1'). */
export const FEATURE_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'AGENTPOLICY3',
  'PTSYS3',
  'MANPLAYREB3',
  'CHNGPASSVERIF3',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Site status after the permission load (spec section 1). */
export const SITE_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SiteStatus = (typeof SITE_STATUS)[keyof typeof SITE_STATUS];
