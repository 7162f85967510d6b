/*
 * The risk module's public face (issue 19, docs/risk.md): the rules' scan job, the flags queue
 * and the withdrawal hold. Files outside modules/risk/ import only this file.
 */
export { assertNoOpenRiskFlags } from './hold-withdrawal-for-risk';
export { countOpenRiskFlags } from './list-risk-flags';
export { riskScanJob, scanRiskRules } from './scan-risk-rules';
