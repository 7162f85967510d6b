import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toRuleMap } from '@/lib/field-validation';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { checkAffiliateCode } from '../api/check-affiliate-code';
import { registerMember } from '../api/register-member';
import { COUNTRY_CODES, DEFAULT_RULES, FLAGS_OFF, loginResult } from '../test-data';
import { RegisterForm } from './register-form';

vi.mock('../api/register-member', () => ({ registerMember: vi.fn() }));
vi.mock('../api/check-affiliate-code', () => ({ checkAffiliateCode: vi.fn() }));

const registerMock = vi.mocked(registerMember);
const affiliateMock = vi.mocked(checkAffiliateCode);
const fetchMock = vi.fn<typeof fetch>();
const rules = toRuleMap(DEFAULT_RULES.filter((rule) => rule.field !== 'captcha'));

beforeEach(() => {
  registerMock.mockReset();
  affiliateMock.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/wps/system/countryCodes')) return envelopeResponse(COUNTRY_CODES);
    if (url.startsWith('/wps/session/loginInfo')) return envelopeResponse({ firstTimeLogin: true, member: loginResult().member });
    return envelopeResponse(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

async function fillUsernameForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Username/ }), 'newplayer1');
  await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '1711111111');
  await user.type(screen.getByRole('textbox', { name: /SMS code/ }), '123456');
  await user.type(screen.getByLabelText(/^Password/), 'secret12');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret12');
}

describe('RegisterForm (spec sections 4 and 5)', () => {
  it('opens on the username tab, or the mobile tab with MOBILENUMREG3', () => {
    const { unmount } = renderWithProviders(<RegisterForm flags={FLAGS_OFF} rules={rules} referralCode={null} onRegistered={vi.fn()} />);
    expect(screen.getByRole('tab', { name: 'Username' }).getAttribute('aria-selected')).toBe('true');
    unmount();
    renderWithProviders(
      <RegisterForm flags={{ ...FLAGS_OFF, MOBILENUMREG3: true }} rules={rules} referralCode={null} onRegistered={vi.fn()} />,
    );
    expect(screen.getByRole('tab', { name: 'Mobile number' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('textbox', { name: /Username/ })).toBeNull();
  });

  it('checks the terms first: an unticked box shows only the inline terms error', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm flags={FLAGS_OFF} rules={rules} referralCode={null} onRegistered={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Confirm that you are 21 or older and agree to the terms and privacy policy')).toBeTruthy();
    expect(screen.queryByText('Input cannot be empty')).toBeNull();
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/help#term');
  });

  it('validates every shown field with its rule once the terms are ticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <RegisterForm flags={{ ...FLAGS_OFF, REGMOBVERF3: true }} rules={rules} referralCode={null} onRegistered={vi.fn()} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Username/ }), '1bad');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abd');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter 6 - 16 letters or digits, starting with a letter')).toBeTruthy();
    expect(screen.getByText('Please fill in 6 - 20 characters')).toBeTruthy();
    expect(screen.getByText('Confirmation password is not correct')).toBeTruthy();
    // The number is required by its rule; its code (REGMOBVERF3) once a number is typed.
    expect(screen.getByText('Input cannot be empty')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Mobile number/ }), '1711111111');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter a valid verification code')).toBeTruthy();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('checks the referral code first: a bad code shows "invitation code error" and nothing is registered', async () => {
    const user = userEvent.setup();
    affiliateMock.mockRejectedValue(new ApiError('INVALID_AFFILIATE_CODE', 'Invalid invitation code', 422));
    sessionStorage.setItem('invitationCode', 'NOPE99');
    renderWithProviders(<RegisterForm flags={FLAGS_OFF} rules={rules} referralCode="NOPE99" onRegistered={vi.fn()} />, {
      route: '/register?referralCode=NOPE99',
    });
    expect(screen.getByRole('textbox', { name: /Invitation code/ })).toHaveProperty('value', 'NOPE99');
    await fillUsernameForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation code error' });
    expect(dialog.textContent).toContain('Invalid invitation code');
    expect(affiliateMock).toHaveBeenCalledWith('NOPE99');
    expect(registerMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitation code error' })).toBeNull());
    // The refused link code is dropped: the field is free again and the kept code forgotten.
    const field = screen.getByRole('textbox', { name: /Invitation code/ }) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.readOnly).toBe(false);
    expect(sessionStorage.getItem('invitationCode')).toBeNull();
  });

  it('registers, stores the session, fetches login info and reports success', async () => {
    const user = userEvent.setup();
    affiliateMock.mockResolvedValue({ valid: true, code: 'DEMO2025', agentNickname: 'Demo Agent' });
    registerMock.mockResolvedValue({ userName: 'newplayer1', login: loginResult({ userName: 'newplayer1', firstTimeLogin: true }) });
    const onRegistered = vi.fn();
    renderWithProviders(
      <RegisterForm flags={{ ...FLAGS_OFF, REGMOBVERF3: true }} rules={rules} referralCode="DEMO2025" onRegistered={onRegistered} />,
    );
    await fillUsernameForm(user);
    await user.click(screen.getByRole('checkbox'));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Register' }));
    });
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(registerMock).toHaveBeenCalledWith({
      type: 'register',
      body: expect.objectContaining({
        username: 'newplayer1',
        mobileNum: '1711111111',
        countryDialingCode: '+880',
        verificationCode: '123456',
        affiliateCode: 'DEMO2025',
        acceptTerms: true,
        login: true,
        registerMethod: 'WEB',
      }),
    });
    expect(sessionStorage.getItem('token')).toBe('token-abc');
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toContain('/wps/session/loginInfo');
    expect(paths).toContain('/wps/member/firstLogin');
  });

  it('shows the server field errors under their fields', async () => {
    const user = userEvent.setup();
    registerMock.mockRejectedValue(
      new ApiError('USERNAME_TAKEN', 'This username is already registered', 409, {
        fields: [{ field: 'username', patternId: null, reason: 'taken', message: 'This username is already registered' }],
      }),
    );
    renderWithProviders(<RegisterForm flags={FLAGS_OFF} rules={rules} referralCode={null} onRegistered={vi.fn()} />);
    await fillUsernameForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const message = await screen.findByText('This username is already registered');
    expect(message.id).toBe(screen.getByRole('textbox', { name: /Username/ }).getAttribute('aria-describedby'));
  });
});
