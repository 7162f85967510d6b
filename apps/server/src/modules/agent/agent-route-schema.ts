import { errorEnvelope } from '@kismat/contracts/envelope';
import { requireAgent } from '../../platform/policy';

/** What every agent route declares: its error envelopes, the bearer, its tag. */
export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
export const security = [{ bearer: [] }];
export const tags = ['agent'];
/** The agent centre is for agents only (requireAgent); the contract relays are for any real member. */
export const agentOnly = { preValidation: requireAgent };
