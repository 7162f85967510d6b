import sanitizeHtml from 'sanitize-html';

/*
 * Operator-written HTML (inbox messages, announcements, popups, help-centre articles) is shown
 * inside the member's page. The
 * attack: an operator account (or a pasted snippet) carrying <script>, an onerror= handler, a
 * javascript: link or a CSS overlay that phishes the member. Only this allow-list survives; the
 * rest is dropped (script and style with their text). The web renders exactly this result.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'img', 'span', 'hr'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'title'],
  // Links leave the site in a new tab without handing it window.opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};

/** The allow-listed HTML of operator-written content. Relative image paths (our uploaded content images) stay. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A title is plain text (the web escapes it: `<script>` shows as those characters); whitespace collapsed. */
export function plainTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}
