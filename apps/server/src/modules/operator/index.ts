/*
 * The operator module's public face: the operations and reads other modules may use. Files
 * outside modules/operator/ import only this file (modules/boundaries.test.ts checks it).
 */

export { listMerchantOperators } from './list-merchant-operators';
export { seedDemoOperators } from './seed-demo-operators';
