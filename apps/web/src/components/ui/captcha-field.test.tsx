import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@/test/flush-promises';
import { CaptchaField } from './captcha-field';

describe('CaptchaField', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads an image, passes its id on, and refreshes on click at most once a second', async () => {
    let count = 0;
    const loadCaptcha = vi.fn(async () => {
      count += 1;
      return { imageUrl: `data:image/png;base64,${count}`, captchaId: `id-${count}` };
    });
    const onCaptchaId = vi.fn();
    render(<CaptchaField loadCaptcha={loadCaptcha} onCaptchaId={onCaptchaId} />);
    await flushPromises();
    expect(loadCaptcha).toHaveBeenCalledTimes(1);
    expect(onCaptchaId).toHaveBeenLastCalledWith('id-1');

    const refresh = screen.getByRole('button', { name: 'Show another captcha' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    await flushPromises();
    expect(loadCaptcha).toHaveBeenCalledTimes(2);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.click(refresh);
    await flushPromises();
    expect(loadCaptcha).toHaveBeenCalledTimes(3);
    expect(onCaptchaId).toHaveBeenLastCalledWith('id-3');
    expect(screen.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).toBe('data:image/png;base64,3');
  });
});
