import type { PermissionInfo } from '@kismat/contracts/system';
import { describe, expect, it } from 'vitest';
import { FLAGS_OFF } from '@/test/flags';
import { decideSite } from './site-status';

function permission(overrides: Partial<PermissionInfo> = {}): PermissionInfo {
  return {
    merchantCode: 'KISMAT',
    currency: 'BDT',
    currencySymbol: '৳',
    utcOffsetMinutes: 360,
    defaultLanguage: 'BN',
    customerService: [],
    domainRoute: { mainDomain: 'kismat.example', merchantCode: 'KISMAT', domains: [] },
    resources: {},
    whitelabel: [],
    flags: FLAGS_OFF,
    registration: [],
    mainDomain: 'kismat.example',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    location: { ip: '203.0.113.9', country: 'BD' },
    maintenance: false,
    regionRestriction: false,
    maintenanceEnd: null,
    ...overrides,
  };
}

const settled = { isPermissionSettled: true, isStatusSettled: true };

describe('decideSite', () => {
  it('waits for both calls', () => {
    expect(decideSite({ permission: permission(), status: undefined, isPermissionSettled: true, isStatusSettled: false })).toEqual({
      kind: 'loading',
    });
  });

  it('opens the app on status 0', () => {
    const status = { status: 0 as const, maintenanceEnd: null, ip: '1.2.3.4', country: null };
    expect(decideSite({ permission: permission(), status, ...settled })).toEqual({ kind: 'open' });
  });

  it('shows maintenance on status 1 with its end time', () => {
    const status = { status: 1 as const, maintenanceEnd: '2025-06-01T10:00:00Z', ip: '1.2.3.4', country: null };
    expect(decideSite({ permission: permission(), status, ...settled })).toEqual({
      kind: 'maintenance',
      maintenanceEnd: '2025-06-01T10:00:00Z',
    });
  });

  it('shows the region block on status 2 with the visitor IP, even without permission data', () => {
    const status = { status: 2 as const, maintenanceEnd: null, ip: '198.51.100.7', country: 'US' };
    expect(decideSite({ permission: undefined, status, ...settled })).toEqual({ kind: 'restricted', ip: '198.51.100.7', country: 'US' });
  });

  it('falls back to the permission flags when the status call failed', () => {
    expect(decideSite({ permission: permission({ maintenance: true }), status: undefined, ...settled }).kind).toBe('maintenance');
    expect(decideSite({ permission: permission({ regionRestriction: true }), status: undefined, ...settled })).toEqual({
      kind: 'restricted',
      ip: '203.0.113.9',
      country: 'BD',
    });
    expect(decideSite({ permission: permission(), status: undefined, ...settled })).toEqual({ kind: 'open' });
  });

  it('offers a retry when nothing could be loaded', () => {
    expect(decideSite({ permission: undefined, status: undefined, ...settled })).toEqual({ kind: 'failed' });
  });
});
