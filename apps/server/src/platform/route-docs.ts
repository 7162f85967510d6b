import { errorEnvelope } from '@kismat/contracts/envelope';

/** What a route documents when it may answer any error: the error envelope for every 4xx and 5xx. */
export const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/** What a route behind a bearer token (member, agent or operator) documents as its security. */
export const bearerSecurity = [{ bearer: [] }];
