import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getDeviceId,
  getPreviousLanguage,
  getStoredLanguage,
  isPopupClosed,
  LOCAL_KEYS,
  markPopupClosed,
  SESSION_KEYS,
  storeLanguage,
  storeMerchantCode,
} from './storage';

describe('storage keys', () => {
  it('uses exactly the session keys of spec section 3, plus the trial flag, the invitation code and the signed-out marker', () => {
    expect(Object.values(SESSION_KEYS)).toEqual([
      'token',
      'nickname',
      'account',
      'username',
      'customerId',
      'isAgent',
      'isTrial',
      'invitationCode',
      'signedOut',
      'merchant',
      'merchantCode',
      'consolidated',
      'enableSalary',
      'enableContract',
      'merchantWallet',
      'gameVendor',
      'validate',
      'hotGames',
    ]);
  });

  it('keeps the merchant code, the languages (lang, hisLang), the remembered username, the device id and the chat visitor id in localStorage', () => {
    expect(LOCAL_KEYS).toEqual({
      merchantCode: 'merchantCode',
      lang: 'lang',
      hisLang: 'hisLang',
      previousLang: 'prevLang',
      rememberedUsername: 'rememberedUsername',
      deviceId: 'deviceId',
      chatGuestId: 'chatGuestId',
    });
  });
});

describe('clearSession', () => {
  it('clears every session key but keeps the merchant and the signed-out marker', () => {
    for (const key of Object.values(SESSION_KEYS)) sessionStorage.setItem(key, `value-${key}`);
    markPopupClosed('42');
    clearSession();
    expect(sessionStorage.getItem('merchant')).toBe('value-merchant');
    expect(sessionStorage.getItem('merchantCode')).toBe('value-merchantCode');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('isAgent')).toBeNull();
    expect(sessionStorage.getItem('invitationCode')).toBeNull();
    expect(sessionStorage.getItem('signedOut')).toBe('value-signedOut');
    expect(isPopupClosed('42')).toBe(false);
    expect(sessionStorage.length).toBe(3);
  });
});

describe('languages', () => {
  it('falls back to BN when nothing or something unknown is stored', () => {
    expect(getStoredLanguage()).toBe('BN');
    localStorage.setItem('lang', 'xx');
    expect(getStoredLanguage()).toBe('BN');
  });

  it('stores the language under lang and hisLang and keeps the previous one', () => {
    storeLanguage('EN');
    expect(localStorage.getItem('lang')).toBe('EN');
    expect(localStorage.getItem('hisLang')).toBe('EN');
    expect(getPreviousLanguage()).toBeNull();
    storeLanguage('SW');
    expect(getStoredLanguage()).toBe('SW');
    expect(localStorage.getItem('hisLang')).toBe('SW');
    expect(getPreviousLanguage()).toBe('EN');
  });

  it('reads hisLang when lang is missing', () => {
    localStorage.setItem('hisLang', 'sw');
    expect(getStoredLanguage()).toBe('SW');
  });
});

describe('storeMerchantCode', () => {
  it('keeps the merchant in the session and in localStorage', () => {
    storeMerchantCode('KISMAT');
    expect(sessionStorage.getItem('merchant')).toBe('KISMAT');
    expect(sessionStorage.getItem('merchantCode')).toBe('KISMAT');
    expect(localStorage.getItem('merchantCode')).toBe('KISMAT');
  });
});

describe('device id', () => {
  it('is made once (32 hex characters) and kept; a tampered value is replaced', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(getDeviceId()).toBe(first);
    localStorage.setItem('deviceId', 'not-an-id');
    const replaced = getDeviceId();
    expect(replaced).toMatch(/^[0-9a-f]{32}$/);
    expect(replaced).not.toBe('not-an-id');
  });
});
