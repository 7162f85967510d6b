/*
 * The points module's public face (docs/loyalty.md "Points"): the 'points' fact engine, the
 * points ledger's verifier (part of `npm run ledger:verify`), reads for other modules, seeds and
 * the route plugins the registry mounts. Files outside modules/points/ import only this file.
 */
export { createPointsEngine } from './create-points-engine';
export { creditPoints } from './credit-points';
export { readPointBalance } from './points-queries';
export { seedDemoPoints, seedPoints } from './seed-points';
export { formatPointsVerdict, type PointsLedgerVerification, verifyPointsLedger } from './verify-points-ledger';
