/*
 * The crash module's public face (issue 23): the shared crash round engine, its bets and
 * cash-outs. Files outside modules/crash/ import only this file (modules/boundaries.test.ts).
 */
export { CrashEngine, type CrashEngineOptions, type CrashPublisher } from './crash-engine';
export { crashPublisherOf } from './crash-push';
