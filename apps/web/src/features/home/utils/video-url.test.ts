import { describe, expect, it, vi } from 'vitest';
import { pickVideoSources, toEmbedLanguage, toVideoSource } from './video-url';

describe('toVideoSource', () => {
  it('accepts YouTube links in their usual shapes', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(toVideoSource(link, 'EN')?.id, link).toBe('dQw4w9WgXcQ');
    }
  });

  it('builds a YouTube embed with autoplay on and captions and related videos off', () => {
    const source = toVideoSource('https://youtu.be/dQw4w9WgXcQ', 'VI');
    const url = new URL(source?.embedUrl ?? '');
    expect(url.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('cc_load_policy')).toBe('0');
    expect(url.searchParams.get('rel')).toBe('0');
    expect(url.searchParams.get('hl')).toBe('vi');
  });

  it('accepts Vimeo links', () => {
    const source = toVideoSource('https://vimeo.com/76979871', 'EN');
    expect(source?.host).toBe('vimeo');
    expect(source?.embedUrl).toContain('player.vimeo.com/video/76979871');
    expect(source?.embedUrl).toContain('autoplay=1');
    expect(toVideoSource('https://player.vimeo.com/video/76979871', 'EN')?.id).toBe('76979871');
  });

  it('refuses other hosts, look-alike hosts, bad ids and non-web schemes', () => {
    for (const link of [
      'https://example.com/video.mp4',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'javascript:alert(1)',
      'https://vimeo.com/channels/staffpicks',
      '/promotions',
      '',
    ]) {
      expect(toVideoSource(link, 'EN'), link).toBeNull();
    }
  });
});

describe('toEmbedLanguage', () => {
  it('maps EN, TY, CN, VI and TH, and falls back to English', () => {
    expect(toEmbedLanguage('EN')).toBe('en');
    expect(toEmbedLanguage('CN')).toBe('zh-CN');
    expect(toEmbedLanguage('VI')).toBe('vi');
    expect(toEmbedLanguage('TH')).toBe('th');
    expect(toEmbedLanguage('TY')).toBe('zh-TW');
    expect(toEmbedLanguage('BN')).toBe('en');
    expect(toEmbedLanguage('SW')).toBe('en');
  });
});

describe('pickVideoSources', () => {
  it('keeps supported links and logs each other one as invalid', () => {
    const log = vi.fn();
    const items = [
      { id: 1, linkage: 'https://youtu.be/dQw4w9WgXcQ' },
      { id: 2, linkage: 'https://cdn.example.com/clip.mp4' },
    ];
    const picked = pickVideoSources(items, 'EN', log);
    expect(picked.map((entry) => entry.item.id)).toEqual([1]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/invalid/i);
    expect(log.mock.calls[0]?.[1]).toBe(items[1]);
  });
});
