import { AppProviders } from './provider';
import { SiteGate } from './site-gate';

export function App() {
  return (
    <AppProviders>
      <SiteGate />
    </AppProviders>
  );
}
