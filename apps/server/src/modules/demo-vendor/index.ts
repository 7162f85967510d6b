/*
 * The demo-vendor module's public face: the operations and reads other modules may use. Files
 * outside modules/demo-vendor/ import only this file (modules/boundaries.test.ts checks it).
 */
export { seedVendorIntegrations } from './seed-vendor-integrations';
