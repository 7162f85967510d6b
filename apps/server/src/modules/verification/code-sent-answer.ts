import { errorEnvelope } from '@kismat/contracts/envelope';
import { codeSentResponse, type SmsSendBody, smsSendBody } from '@kismat/contracts/verification';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/envelope';
import { publicRateLimit } from '../../platform/rate-limit-keys';
import { accountContext } from '../../platform/request-context';
import { sendNoLoginCode } from './send-no-login-code';
import { codeSentMessage } from './verification-texts';

/** The answer of every send-code call: the envelope, its message saying how long the code is valid. */
export function codeSentAnswer<T extends { expiredMinutes: number }>(request: FastifyRequest, sent: T) {
  return { ...ok(request, sent), message: codeSentMessage(request.language, sent.expiredMinutes) };
}

/** The options of the SMS login code route, served at /wps/verification/sms/noLogin and at the login tab's own path. */
export function noLoginCodeRoute(tags: string[], summary: string) {
  return {
    config: { rateLimit: publicRateLimit('smsSend') },
    schema: { tags, summary, body: smsSendBody, response: { 200: codeSentResponse, '4xx': errorEnvelope, '5xx': errorEnvelope } },
  };
}

/** The SMS login code: the same answer whether or not the number has an account. */
export async function answerNoLoginCode(request: FastifyRequest, body: SmsSendBody) {
  return codeSentAnswer(request, await sendNoLoginCode(accountContext(request), body));
}
