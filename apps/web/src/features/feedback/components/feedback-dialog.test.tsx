import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { FeedbackDialog } from './feedback-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input).startsWith('/wps/captcha')) {
      return new Response(JSON.stringify({ success: true, code: 'OK', message: 'OK', value: 'iVBORw0KGgo=' }), {
        headers: { 'x-captcha-id': 'cap-1' },
      });
    }
    return envelopeResponse(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

async function openDialog() {
  const onClose = vi.fn();
  renderWithProviders(<FeedbackDialog isOpen onClose={onClose} />);
  await screen.findByRole('dialog', { name: 'Feedback' });
  return onClose;
}

describe('FeedbackDialog', () => {
  it('lists the empty fields in one "is empty" warning', async () => {
    const user = userEvent.setup();
    await openDialog();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const warning = await screen.findByRole('dialog', { name: 'Please complete the form' });
    expect(warning.textContent).toContain('Question type, Description, Captcha is empty');
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/wps/feedback')).toBe(false);
  });

  it('counts the description live, caps it at 200 and sends the trimmed text with the sender', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn({ token: 't', nickname: 'Lucky', account: 'lucky01', isAgent: false });
    const onClose = await openDialog();
    await user.selectOptions(screen.getByRole('combobox', { name: /Question type/ }), '6');
    const description = screen.getByRole('textbox', { name: /Description/ });
    expect(description.getAttribute('maxlength')).toBe('200');
    await user.type(description, '  I want to be an agent  ');
    expect(screen.getByText('21/200')).toBeTruthy();
    expect(screen.getByText('Between 20 and 200 characters')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Captcha image' })).toBeTruthy());
    await user.type(screen.getByRole('textbox', { name: /Captcha/ }), 'AB12');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/wps/feedback');
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      content: 'I want to be an agent',
      sender: 'lucky01',
      type: 6,
      captcha: 'AB12',
      captchaId: 'cap-1',
    });
  });
});
