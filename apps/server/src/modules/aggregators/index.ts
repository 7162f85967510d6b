/*
 * The aggregators module's public face (issue 21). Files outside modules/aggregators/ import
 * only this file (modules/boundaries.test.ts checks it).
 */
export {
  type AggregatorClient,
  type AggregatorClientDeps,
  AggregatorError,
  type AggregatorErrorKind,
  type AggregatorGame,
  type AggregatorIntegration,
  type AggregatorPlatform,
  type AggregatorProtocol,
  type AggregatorReportLine,
  aggregatorCurrency,
  defaultClientDeps,
  type GameUrl,
  type GameUrlRequest,
  postJson,
  type RoundReportRequest,
} from './client';
export { type AggregatorLaunchInput, launchAggregatorGame } from './launch-aggregator-game';
export { type AggregatorRegistry, createAggregatorRegistry, defaultAggregatorRegistry } from './registry';
