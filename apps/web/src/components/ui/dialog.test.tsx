import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_OPEN_DELAY_MS, Dialog } from './dialog';

function renderDialog(props: Partial<Parameters<typeof Dialog>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <Dialog isOpen onClose={onClose} title="Test dialog" {...props}>
      <button type="button">First</button>
      <button type="button">Last</button>
    </Dialog>,
  );
  act(() => {
    vi.advanceTimersByTime(DIALOG_OPEN_DELAY_MS);
  });
  return onClose;
}

describe('Dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after a 100 ms delay as a modal, 200 by 200 by default', () => {
    const onClose = vi.fn();
    render(
      <Dialog isOpen onClose={onClose} title="Delayed">
        <p>Body</p>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(DIALOG_OPEN_DELAY_MS);
    });
    const dialog = screen.getByRole('dialog', { name: 'Delayed' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.width).toBe('200px');
    expect(dialog.style.minHeight).toBe('200px');
  });

  it('shows a close button by default and closes on Escape', () => {
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('lets the caller hide the close button', () => {
    renderDialog({ showCloseButton: false });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('does not close on a click outside', () => {
    const onClose = renderDialog();
    const backdrop = screen.getByRole('dialog').parentElement;
    if (backdrop) fireEvent.click(backdrop);
    fireEvent.mouseDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ignores Escape when it is not closable', () => {
    const onClose = renderDialog({ isClosable: false });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks page scrolling while open', () => {
    const { unmount } = render(
      <Dialog isOpen onClose={vi.fn()} title="Lock">
        <p>Body</p>
      </Dialog>,
    );
    act(() => {
      vi.advanceTimersByTime(DIALOG_OPEN_DELAY_MS);
    });
    expect(document.body.dataset.scrollLocked).toBe('');
    unmount();
    expect(document.body.dataset.scrollLocked).toBeUndefined();
  });

  it('focuses the content first and traps focus inside', () => {
    renderDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
