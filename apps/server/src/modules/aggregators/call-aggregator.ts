import { AppError } from '../../platform/errors';
import { AggregatorError } from './client';

/**
 * Runs one call to an aggregator and maps its failure to the operator's or member's error:
 * NOT_CONFIGURED -> AGGREGATOR_NOT_CONFIGURED; every other kind -> AGGREGATOR_UNAVAILABLE with
 * { kind, detail } (the aggregator's status/message; never our secret: the clients' messages
 * name the env var only).
 */
export async function callAggregator<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    if (error.kind === 'NOT_CONFIGURED')
      throw new AppError('AGGREGATOR_NOT_CONFIGURED', { value: { kind: error.kind, detail: error.message } });
    throw new AppError('AGGREGATOR_UNAVAILABLE', {
      value: { kind: error.kind, detail: error.httpStatus ? `HTTP ${error.httpStatus}: ${error.message}` : error.message },
    });
  }
}
