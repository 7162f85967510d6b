/*
 * The system module's public face: the operations and reads other modules may use. Files
 * outside modules/system/ import only this file (modules/boundaries.test.ts checks it).
 */
export { listRegistrationRules, readRegistrationRuleRows } from './list-registration-rules';
export { listLiveChatDesks, readMerchantResource } from './live-chat-reads';
export { pickText } from './localized-text';
export { seedContacts } from './seed-contacts';
export { seedCountries } from './seed-countries';
export { EAST_AFRICA_DOMAIN, EAST_AFRICA_MERCHANT_CODE, seedEastAfricaMerchant } from './seed-east-africa-merchant';
export { seedHelpCentre } from './seed-help-centre';
export { DEFAULT_MERCHANT_CODE, DEFAULT_WHITELABEL, mergeMissingModules, seedDefaultMerchant } from './seed-merchant';
export { seedRegistrationRules } from './seed-registration-rules';
export { setMerchantFlag } from './set-merchant-flag';
export { setMerchantMaintenance } from './set-merchant-maintenance';
export { setMerchantRegionRules } from './set-merchant-region-rules';
export { registerSiteAccessGate } from './site-access-gate';
export { updateRegistrationRule } from './update-registration-rule';
