import type { customerServiceEntry } from '@kismat/contracts/system';
import type { z } from 'zod';

export type CustomerServiceEntry = z.infer<typeof customerServiceEntry>;
export type CustomerServiceType = CustomerServiceEntry['csType'];

function decodeBase64(value: string): string | null {
  try {
    const binary = atob(value.trim());
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

const ALLOWED_PROTOCOLS = ['https:', 'http:', 'tg:', 'whatsapp:'];

/**
 * A link the site may open: absolute http(s) or a messaging app's scheme, or a path on this
 * site (the live chat is served by our own relay). A tampered value must never become a
 * `javascript:` link.
 */
export function toSafeUrl(value: string): string | null {
  try {
    const url = new URL(value.trim(), window.location.origin);
    return ALLOWED_PROTOCOLS.includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The entry's `path` is base64 of its URL, so scrapers reading the page do not harvest links. */
export function decodeCustomerServiceUrl(path: string): string | null {
  const decoded = decodeBase64(path);
  return decoded ? toSafeUrl(decoded) : null;
}

export interface CustomerServiceLink {
  type: CustomerServiceType;
  title: string;
  url: string;
}

/** Entries with a usable link, first of each type in the server's order. */
export function toCustomerServiceLinks(entries: readonly CustomerServiceEntry[]): CustomerServiceLink[] {
  const links: CustomerServiceLink[] = [];
  for (const entry of entries) {
    const url = decodeCustomerServiceUrl(entry.path);
    if (url) links.push({ type: entry.csType, title: entry.title, url });
  }
  return links;
}

export function findCustomerService(entries: readonly CustomerServiceEntry[], type: CustomerServiceType): CustomerServiceLink | null {
  return toCustomerServiceLinks(entries).find((link) => link.type === type) ?? null;
}

/** Opens a service link in a new tab without giving it a handle on this page. */
export function openCustomerService(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
