import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { flushPromises } from '@/test/flush-promises';
import { VerificationCodeField } from './verification-code-field';

describe('VerificationCodeField', () => {
  it('is a one-time-code input of at most 255 characters that sends only once the check passes', async () => {
    const onSend = vi.fn().mockResolvedValue(60);
    const canSend = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    render(<VerificationCodeField label="SMS code" canSend={canSend} onSend={onSend} sendFailedFallback="Unknown error" />);
    const input = screen.getByLabelText('SMS code');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('255');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe('Resend in 60s');
  });

  it("warns with the server's message of a refused send and waits out its retry time", async () => {
    const onSend = vi.fn().mockRejectedValue(new ApiError('SMS_TOO_FREQUENT', 'Too many codes', 429, { retryAfterSeconds: 30 }));
    render(<VerificationCodeField label="SMS code" onSend={onSend} sendFailedFallback="Unknown error" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect((await screen.findByRole('dialog')).textContent).toContain('Too many codes');
    expect(screen.getAllByRole('button').some((button) => button.textContent === 'Resend in 30s')).toBe(true);
  });

  it('falls back to the given message when the failure carries none', async () => {
    render(
      <VerificationCodeField
        label="SMS code"
        onSend={vi.fn().mockRejectedValue(new Error('offline'))}
        sendFailedFallback="Unknown error"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flushPromises();
    expect((await screen.findByRole('dialog')).textContent).toContain('Unknown error');
  });
});
