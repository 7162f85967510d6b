import { describe, expect, it } from 'vitest';
import { decodeCustomerServiceUrl, toCustomerServiceLinks } from './customer-service';

const encode = (url: string) => btoa(url);

describe('customer service links', () => {
  it('decodes the base64 path to its URL', () => {
    expect(decodeCustomerServiceUrl(encode('https://t.me/kismat_support'))).toBe('https://t.me/kismat_support');
  });

  it('resolves a path on this site (the live chat relay)', () => {
    expect(decodeCustomerServiceUrl(encode('/wps/relay/CBS_launchChat'))).toBe(`${window.location.origin}/wps/relay/CBS_launchChat`);
  });

  it('refuses script URLs and garbage', () => {
    expect(decodeCustomerServiceUrl(encode('javascript:alert(1)'))).toBeNull();
    expect(decodeCustomerServiceUrl('%%%not-base64')).toBeNull();
  });

  it('keeps only usable entries, in order', () => {
    const links = toCustomerServiceLinks([
      { csType: 'LIVECHAT', title: 'Chat', path: encode('https://chat.example/'), textClass: '' },
      { csType: 'FACEBOOK', title: 'Bad', path: encode('javascript:void(0)'), textClass: '' },
      { csType: 'WHATSAPP', title: 'WA', path: encode('https://wa.me/880'), textClass: '' },
    ]);
    expect(links.map((link) => link.type)).toEqual(['LIVECHAT', 'WHATSAPP']);
  });
});
