import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { type Language, parseLanguage } from '@kismat/contracts/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from './language';

/*
 * The home page's first screen from the HTML, before any script (issue 16 item 6). The built
 * index.html carries, as comments, the loading cover's place and a template of what the app
 * paints first on home (the header bar and the first home banner, apps/web index.html). On the
 * home paths this fills the template with the merchant's first home banner in the visitor's
 * language (the pick the preload header names) and that language's two header labels, and puts
 * it where the loading cover was; the app removes it once its own banner has painted. Without a
 * banner, or a template, the page is sent as it is built. The answer depends only on the build,
 * the banner's address and the language: nothing of a member is in it, so it is kept in memory.
 * It adds no script and no style block (the template's styles are in the file's own <style>,
 * whose hash the Content-Security-Policy allows; platform/security-headers.ts).
 */

/** The header's two labels per language (apps/web locales, header.login / header.register). */
export const FIRST_SCREEN_LABELS: Record<Language, { login: string; register: string }> = {
  BN: { login: 'লগইন', register: 'নিবন্ধন' },
  EN: { login: 'Log in', register: 'Register' },
  SW: { login: 'Ingia', register: 'Jisajili' },
};

const COVER = /<!--first-screen:cover-->[\s\S]*?<!--\/first-screen:cover-->/;
const TEMPLATE = /<!--first-screen:template([\s\S]*?)first-screen:template-->/;
/** Answers kept per build: (banner address, language) pairs; a few merchants' worth. */
const MAX_KEPT = 64;

/** Text for an HTML attribute or element: every character markup could break out with is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The built page with the first screen in the cover's place, or null when the file has no template. */
export function renderFirstScreen(html: string, bannerUrl: string, language: Language): string | null {
  const template = TEMPLATE.exec(html)?.[1];
  if (template === undefined || !COVER.test(html)) return null;
  const labels = FIRST_SCREEN_LABELS[language];
  const values: Record<string, string> = { banner: bannerUrl, login: labels.login, register: labels.register };
  // One pass, so a value that itself reads like a slot is never filled again.
  const screen = template.replace(/\{\{(banner|login|register)\}\}/g, (_slot, name: string) => escapeHtml(values[name] ?? ''));
  return html.replace(TEMPLATE, '').replace(COVER, () => screen.trim());
}

interface Answer {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html, re-read when the build changes (checked at most once a second), and its rendered answers. */
class FirstScreenPages {
  private checkedAt = 0;
  private modifiedAt = -1;
  private html: string | null = null;
  private readonly answers = new Map<string, Answer | null>();

  constructor(private readonly file: string) {}

  answer(bannerUrl: string, language: Language): Answer | null {
    this.refresh();
    if (this.html === null) return null;
    const key = `${language}\n${bannerUrl}`;
    const kept = this.answers.get(key);
    if (kept !== undefined) return kept;
    const rendered = renderFirstScreen(this.html, bannerUrl, language);
    const answer = rendered === null ? null : compressed(rendered);
    if (this.answers.size >= MAX_KEPT) this.answers.clear();
    this.answers.set(key, answer);
    return answer;
  }

  private refresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < 1000) return;
    this.checkedAt = now;
    try {
      const modifiedAt = statSync(this.file).mtimeMs;
      if (modifiedAt === this.modifiedAt) return;
      this.html = readFileSync(this.file, 'utf8');
      this.modifiedAt = modifiedAt;
    } catch {
      this.html = null;
      this.modifiedAt = -1;
    }
    this.answers.clear();
  }
}

function compressed(page: string): Answer {
  const html = Buffer.from(page, 'utf8');
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.html);
}

/** The merchant's first home banner for this request (the preload header's pick), or null. */
export type HomeImage = (request: FastifyRequest) => Promise<string | null>;

/**
 * Answers the home paths with the first screen when the merchant has a home banner in the
 * visitor's language; otherwise (and for every other path) the built page as before (`fallback`).
 */
export function registerHomeFirstScreen(
  app: FastifyInstance,
  options: { indexFile: string; paths: readonly string[]; image: HomeImage; fallback: (reply: FastifyReply) => unknown },
): void {
  const pages = new FirstScreenPages(options.indexFile);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = await options.image(request).catch(() => null);
    const answer = url ? pages.answer(url, parseLanguage(request.cookies?.[LANGUAGE_COOKIE])) : null;
    if (!answer) return options.fallback(reply);
    return send(request, reply, answer);
  };
  for (const path of options.paths) app.get(path, { schema: { hide: true } }, handler);
}
