import type { MenuVendor } from '@kismat/contracts/catalogue';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeVendorPopup, openVendorPopup, useVendorPopupStore } from '../utils/vendor-popup-store';
import { VendorGamesDialog } from './vendor-games-dialog';

// The list itself calls the game-list API; this test is about the dialog around it.
vi.mock('./game-browser', () => ({ GameBrowser: () => <p>games</p> }));

const KISMAT: MenuVendor = {
  vassalage: 'KISMAT',
  displayName: 'Kismat Originals',
  gameType: 'ELOTT',
  vendorType: 'ELOTT',
  logoUrl: '/lgw/images/vendors/KISMAT.svg',
  isMaintenance: false,
  isGame: 'VASSALAGE',
  sort: 1,
};

afterEach(() => closeVendorPopup());

describe('the vendor popup list', () => {
  it('closes when a game launched from it opens a page of this site (in-house games navigate in the same tab)', async () => {
    const router = createMemoryRouter([{ path: '*', element: <VendorGamesDialog renderGame={() => null} /> }], {
      initialEntries: ['/elott'],
    });
    render(<RouterProvider router={router} />);
    act(() => openVendorPopup(KISMAT));
    expect(await screen.findByRole('dialog', { name: 'Kismat Originals' })).toBeTruthy();

    await act(() => router.navigate('/lottery?gameCode=ELOTT_1M'));
    expect(useVendorPopupStore.getState().vendor).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open while the page does not change', async () => {
    const router = createMemoryRouter([{ path: '*', element: <VendorGamesDialog renderGame={() => null} /> }], {
      initialEntries: ['/elott'],
    });
    render(<RouterProvider router={router} />);
    act(() => openVendorPopup(KISMAT));
    expect(await screen.findByRole('dialog', { name: 'Kismat Originals' })).toBeTruthy();
    expect(useVendorPopupStore.getState().vendor).toEqual(KISMAT);
  });
});
