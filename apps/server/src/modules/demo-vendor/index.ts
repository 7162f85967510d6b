/*
 * The demo-vendor module's public face: the operations and reads other modules may use. Files
 * outside modules/demo-vendor/ import only this file (modules/boundaries.test.ts checks it).
 */
// The integration rows are vendor-wallet's; the demo seed gives every third-party vendor the DEMO client there.
export { seedVendorIntegrations } from '../vendor-wallet/index';
