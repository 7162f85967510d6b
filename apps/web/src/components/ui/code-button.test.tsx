import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@/test/flush-promises';
import { CodeButton } from './code-button';

describe('CodeButton (the SMS code button)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'setInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends once for a double click within 1000 ms (throttle)', async () => {
    const onSend = vi.fn().mockResolvedValue(300);
    render(<CodeButton onSend={onSend} messageOf={() => 'failed'} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    fireEvent.click(button);
    await flushPromises();
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('counts down expiredMinutes × 60 seconds, then allows another send', async () => {
    const onSend = vi.fn().mockResolvedValue(5 * 60);
    render(<CodeButton onSend={onSend} messageOf={() => 'failed'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect(screen.getByRole('button').textContent).toBe('Resend in 300s');
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByRole('button').textContent).toBe('Resend in 239s');
    await act(async () => {
      vi.advanceTimersByTime(240_000);
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('sends nothing while the number is invalid', async () => {
    const onSend = vi.fn().mockResolvedValue(60);
    render(<CodeButton onSend={onSend} canSend={() => false} messageOf={() => 'failed'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the server message as a warning when the send fails', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('boom'));
    render(<CodeButton onSend={onSend} messageOf={() => 'Please wait a minute before asking for another code'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('dialog', { name: 'The code was not sent' }).textContent).toContain(
      'Please wait a minute before asking for another code',
    );
  });
});
