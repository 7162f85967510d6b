import type { Language } from '@kismat/contracts/languages';
import { messageFor } from '../../platform/messages';

/** The chat pages allow no script and no outside resource; only inline style. */
export const LIVE_CHAT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const TEXT: Record<'demoTitle' | 'demoNote' | 'offTitle', Record<Language, string>> = {
  demoTitle: { BN: 'ডেমো লাইভ চ্যাট ডেস্ক', EN: 'Demo live-chat desk', SW: 'Dawati la majaribio la gumzo la moja kwa moja' },
  demoNote: {
    BN: 'এটি একটি ডেমো: এই সাইটে কোনো চ্যাট সেবাদাতা যুক্ত নেই, তাই এখানে কোনো এজেন্ট উত্তর দেবেন না।',
    EN: 'This is a demo: no chat provider is connected to this site, so no agent will answer here.',
    SW: 'Haya ni majaribio: hakuna mtoa huduma wa gumzo aliyeunganishwa na tovuti hii, kwa hivyo hakuna wakala atakayejibu hapa.',
  },
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

/** The built-in demo desk, shown when no chat provider is configured: clearly labelled a demo. */
export function renderDemoDeskPage(language: Language, deskName: string): string {
  return page(
    language,
    TEXT.demoTitle[language],
    `<span class="badge">DEMO</span><h1 data-testid="live-chat-demo">${escapeHtml(TEXT.demoTitle[language])}</h1><p>${escapeHtml(deskName)}</p><p>${escapeHtml(TEXT.demoNote[language])}</p>`,
  );
}

/** Live chat is off (or the desk is unknown), in the visitor's language. */
export function renderLiveChatOffPage(language: Language): string {
  return page(
    language,
    TEXT.offTitle[language],
    `<h1>${escapeHtml(TEXT.offTitle[language])}</h1><p data-testid="live-chat-off">${escapeHtml(messageFor('LIVE_CHAT_OFF', language))}</p>`,
  );
}
