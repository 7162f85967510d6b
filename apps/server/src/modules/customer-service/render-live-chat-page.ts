import type { Language } from '@kismat/contracts/languages';
import { messageFor } from '../../platform/messages';

/** The chat-off page allows no script and no outside resource; only inline style. */
export const LIVE_CHAT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const TEXT: Record<'offTitle', Record<Language, string>> = {
  offTitle: { BN: 'লাইভ চ্যাট', EN: 'Live chat', SW: 'Gumzo la moja kwa moja' },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language.toLowerCase()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0f1720;color:#e8edf2;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.4rem}.badge{display:inline-block;padding:.2rem .6rem;border-radius:1rem;background:#f5b400;color:#111;font-weight:700;font-size:.8rem;letter-spacing:.05em}</style>
</head><body><main>${body}</main></body></html>`;
}

/** Live chat is off (or the desk is unknown), in the visitor's language. */
export function renderLiveChatOffPage(language: Language): string {
  return page(
    language,
    TEXT.offTitle[language],
    `<h1>${escapeHtml(TEXT.offTitle[language])}</h1><p data-testid="live-chat-off">${escapeHtml(messageFor('LIVE_CHAT_OFF', language))}</p>`,
  );
}
