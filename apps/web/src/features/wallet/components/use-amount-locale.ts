import { useFormatMoney } from '@/lib/format-money';

/** Formats "1234.50" for the current language (Latin digits), exactly (lib/format-money.ts). */
export function useFormatAmount(): (amount: string) => string {
  return useFormatMoney();
}
