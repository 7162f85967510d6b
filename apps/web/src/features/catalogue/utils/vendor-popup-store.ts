import type { MenuVendor } from '@kismat/contracts/catalogue';
import { create } from 'zustand';

/** The vendor popup list (spec: an entry whose isGame is VASSALAGE opens it). */
interface VendorPopupState {
  vendor: MenuVendor | null;
  open: (vendor: MenuVendor) => void;
  close: () => void;
}

export const useVendorPopupStore = create<VendorPopupState>()((set) => ({
  vendor: null,
  open: (vendor) => set({ vendor }),
  close: () => set({ vendor: null }),
}));

export function openVendorPopup(vendor: MenuVendor): void {
  useVendorPopupStore.getState().open(vendor);
}

export function closeVendorPopup(): void {
  useVendorPopupStore.getState().close();
}
