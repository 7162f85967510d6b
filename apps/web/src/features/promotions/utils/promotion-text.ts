import DOMPurify from 'dompurify';

/**
 * An operator's promotion body as safe HTML: markup is sanitised; plain text keeps its
 * paragraphs. The member never runs an operator's script, whatever was typed in the back office.
 */
export function promotionBodyHtml(body: string): string {
  if (/<[a-z][\s\S]*>/i.test(body)) return DOMPurify.sanitize(body, { USE_PROFILES: { html: true } });
  const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br />')}</p>`)
    .join('');
}

/** The first sentence-sized part of a body, as plain text, for a card. */
export function promotionSummary(body: string, maxLength = 140): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...text].length <= maxLength) return text;
  return `${[...text]
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}…`;
}
