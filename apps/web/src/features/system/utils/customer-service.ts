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

/**
 * The entry's `path` is base64 of its URL (so scrapers do not harvest the links). Only http(s)
 * and the messaging apps' own schemes are accepted: a tampered value must never become a
 * `javascript:` link.
 */
export function decodeCustomerServiceUrl(path: string): string | null {
  const decoded = decodeBase64(path);
  if (!decoded) return null;
  try {
    const url = new URL(decoded);
    return ['https:', 'http:', 'tg:', 'whatsapp:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
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
