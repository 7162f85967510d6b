/**
 * URLs of the generated artwork served by `GET /lgw/images/...`. Stored in catalogue and
 * announcement rows (not computed on read) so an operator can point any of them at a real CDN.
 */
export function vendorLogoUrl(vendorCode: string): string {
  return `/lgw/images/vendors/${vendorCode}.svg`;
}

export function gameIconUrl(vendorCode: string, gameCode: string, size: 'icon' | 'large' = 'icon'): string {
  const base = `/lgw/images/games/${vendorCode}/${gameCode}.svg`;
  return size === 'large' ? `${base}?size=large` : base;
}

export function bannerImageUrl(bannerCode: string): string {
  return `/lgw/images/banners/${bannerCode}.svg`;
}

export function announcementImageUrl(announcementCode: string, sequence: number): string {
  return `/lgw/images/announcements/${announcementCode}/${sequence}.svg`;
}

/** Promotion art is drawn in one language; the URL names it so a cached image never mixes. */
export function localiseArtUrl(url: string, language: string): string {
  if (!url.startsWith('/lgw/images/announcements/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}
