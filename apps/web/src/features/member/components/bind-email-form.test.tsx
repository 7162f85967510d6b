import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sealedRequest } from '@/lib/sealed-request';
import { renderWithProviders } from '@/test/render';
import { sendBindEmailCode } from '../api/send-bind-email-code';
import { BindEmailForm } from './bind-email-form';

// The bind call goes through the sealed (encrypted) request; the form's handling of its answer is under test.
vi.mock('@/lib/sealed-request', () => ({ sealedRequest: vi.fn() }));
vi.mock('../api/send-bind-email-code', () => ({ sendBindEmailCode: vi.fn() }));

const bindEmailMock = vi.mocked(sealedRequest);
const sendCodeMock = vi.mocked(sendBindEmailCode);

beforeEach(() => {
  bindEmailMock.mockReset();
  sendCodeMock.mockReset();
});

async function fillAndSubmit(email: string, code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^E-mail\*?$/), email);
  await user.type(screen.getByLabelText(/^E-mail code/), code);
  await user.click(screen.getByRole('button', { name: 'Bind e-mail' }));
}

describe('BindEmailForm', () => {
  it('checks the address before sending a code and before binding', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BindEmailForm onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Input cannot be empty')).toBeTruthy();
    expect(sendCodeMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^E-mail\*?$/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Bind e-mail' }));
    expect(await screen.findByText('The e-mail format is incorrect')).toBeTruthy();
    expect(screen.getByText('Please enter a valid verification code')).toBeTruthy();
    expect(bindEmailMock).not.toHaveBeenCalled();
  });

  it('shows a wrong code under the code, a refused address under the address, anything else over the button', async () => {
    const onDone = vi.fn();
    renderWithProviders(<BindEmailForm onDone={onDone} />);
    bindEmailMock.mockRejectedValueOnce(new ApiError('VERIFICATION_CODE_INVALID', 'The code is wrong', 400));
    await fillAndSubmit('player@example.com', '1234');
    const codeError = await screen.findByText('The code is wrong');
    expect(codeError.id).toBe(screen.getByLabelText(/^E-mail code/).getAttribute('aria-describedby'));

    bindEmailMock.mockRejectedValueOnce(new ApiError('EMAIL_INVALID', 'Address refused', 422));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bind e-mail' }));
    const emailError = await screen.findByText('Address refused');
    expect(emailError.id).toBe(screen.getByLabelText(/^E-mail\*?$/).getAttribute('aria-describedby'));

    bindEmailMock.mockRejectedValueOnce(new ApiError('INTERNAL_ERROR', 'Something went wrong', 500));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bind e-mail' }));
    expect((await screen.findByText('Something went wrong')).closest('[data-invalid]')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
