import { act } from '@testing-library/react';

/** Lets the promise callbacks already queued run, inside act: two microtask turns (for tests on fake timers). */
export async function flushPromises() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}
