import type { Language } from '@kismat/contracts/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../platform/language';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Records a language choice: a cookie the server reads on the visitor's next requests, and the
 * language of this response. The member module calls this too, and stores the choice on the
 * member row for messages sent while the member is away (SMS, inbox).
 */
export function recordLanguageChoice(request: FastifyRequest, reply: FastifyReply, language: Language): void {
  request.language = language;
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
