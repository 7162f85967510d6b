import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './provider';
import { SiteGate } from './site-gate';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders client={queryClient}>
      <SiteGate />
    </AppProviders>
  );
}
