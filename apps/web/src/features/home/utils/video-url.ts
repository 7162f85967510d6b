/**
 * Video banners (group w_promotion): only links from a supported host become an embed; any
 * other link is logged as invalid and no video source is used (spec section 8).
 */
export type VideoHost = 'youtube' | 'vimeo';

export interface VideoSource {
  host: VideoHost;
  id: string;
  embedUrl: string;
}

/** Spec section 9: the embed's language maps from EN, TY, CN, VI, TH, with English by default. */
const EMBED_LANGUAGES: Record<string, string> = { EN: 'en', TY: 'zh-TW', CN: 'zh-CN', VI: 'vi', TH: 'th' };

export function toEmbedLanguage(language: string): string {
  return EMBED_LANGUAGES[language.toUpperCase()] ?? 'en';
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

function parseUrl(link: string): URL | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be') id = segments[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') id = segments[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'vimeo.com') id = segments[0] ?? null;
  else if (host === 'player.vimeo.com' && segments[0] === 'video') id = segments[1] ?? null;
  return id && VIMEO_ID.test(id) ? id : null;
}

/** The embed of a supported link, with autoplay on and captions and related videos off; else null. */
export function toVideoSource(link: string, language: string): VideoSource | null {
  const url = parseUrl(link);
  if (!url) return null;
  const hl = toEmbedLanguage(language);
  const youtube = youtubeId(url);
  if (youtube) {
    // Browsers only autoplay muted video; rel=0 keeps related videos to the same channel.
    const query = new URLSearchParams({
      autoplay: '1',
      mute: '1',
      cc_load_policy: '0',
      rel: '0',
      hl,
      playsinline: '1',
      modestbranding: '1',
    });
    return { host: 'youtube', id: youtube, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?${query}` };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    const query = new URLSearchParams({ autoplay: '1', muted: '1', texttrack: 'false', dnt: '1', byline: '0', title: '0' });
    return { host: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}?${query}` };
  }
  return null;
}

/** Keeps the supported video links; each other link is logged as invalid, once. */
export function pickVideoSources<Item extends { linkage: string }>(
  items: readonly Item[],
  language: string,
  log: (message: string, item: Item) => void = (message, item) => console.warn(message, item),
): { item: Item; source: VideoSource }[] {
  const valid: { item: Item; source: VideoSource }[] = [];
  for (const item of items) {
    const source = toVideoSource(item.linkage, language);
    if (source) valid.push({ item, source });
    else log('Invalid video banner link: not from a supported video host', item);
  }
  return valid;
}
