import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders with a fresh query client (no retries) and a memory router, as the app does. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, ...result };
}

/** A fetch stub answering envelopes by path. */
export function envelopeResponse(
  value: unknown,
  init: { status?: number; code?: string; message?: string; success?: boolean } = {},
): Response {
  const status = init.status ?? 200;
  return new Response(
    JSON.stringify({ success: init.success ?? status < 400, code: init.code ?? 'OK', message: init.message ?? 'OK', value }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}
