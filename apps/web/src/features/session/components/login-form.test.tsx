import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { envelopeResponse, renderWithProviders } from '@/test/render';
import { login } from '../api/login';
import { sendLoginCode } from '../api/send-login-code';
import { COUNTRY_CODES, DEFAULT_RULES, FLAGS_OFF, loginResult } from '../test-data';
import { LoginForm } from './login-form';

vi.mock('../api/login', () => ({ login: vi.fn() }));
vi.mock('../api/send-login-code', () => ({ sendLoginCode: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const loginMock = vi.mocked(login);
const sendLoginCodeMock = vi.mocked(sendLoginCode);

beforeEach(() => {
  loginMock.mockReset();
  sendLoginCodeMock.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/wps/system/countryCodes')) return envelopeResponse(COUNTRY_CODES);
    if (url.startsWith('/wps/system/setting/register')) return envelopeResponse({ fields: DEFAULT_RULES });
    if (url.startsWith('/wps/captcha')) {
      return new Response(JSON.stringify({ success: true, code: 'OK', message: 'OK', value: 'iVBORw0KGgo=' }), {
        headers: { 'content-type': 'application/json', 'x-captcha-id': 'captcha-id-123' },
      });
    }
    return envelopeResponse(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().signOut();
});

describe('LoginForm', () => {
  it('shows the SMS tab only when MOBILEVERCODELOGIN3 is on', () => {
    const { unmount } = renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    expect(screen.queryByRole('tab')).toBeNull();
    unmount();
    renderWithProviders(<LoginForm mode="member" flags={{ ...FLAGS_OFF, MOBILEVERCODELOGIN3: true }} onDone={vi.fn()} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Username', 'SMS code']);
  });

  it('hides remember-password and the SMS tab in agent mode', () => {
    renderWithProviders(<LoginForm mode="agent" flags={{ ...FLAGS_OFF, MOBILEVERCODELOGIN3: true }} onDone={vi.fn()} />);
    expect(screen.queryByLabelText('Remember me')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in to the agent centre' })).toBeTruthy();
  });

  it('requires the username and the password', async () => {
    renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the username')).toBeTruthy();
    expect(screen.getByText('Please fill in your password')).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('in SMS mode requires a valid mobile number and the code, and validates the number before sending a code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm mode="member" flags={{ ...FLAGS_OFF, MOBILEVERCODELOGIN3: true }} onDone={vi.fn()} />);
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number')).toBeTruthy();
    expect(sendLoginCodeMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Mobile number/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid mobile number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid verification code')).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('sends an SMS login with the number, the code and the dialing code', async () => {
    const user = userEvent.setup();
    loginMock.mockResolvedValue(loginResult());
    const onDone = vi.fn();
    renderWithProviders(<LoginForm mode="member" flags={{ ...FLAGS_OFF, MOBILEVERCODELOGIN3: true }} onDone={onDone} />);
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country dialing code' })).toHaveProperty('disabled', false));
    await user.type(screen.getByLabelText(/Mobile number/), '1700000001');
    await user.type(screen.getByRole('textbox', { name: /SMS code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('signedIn', expect.anything()));
    expect(loginMock).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'sms', username: '1700000001', password: '123456', countryDialingCode: '+880' }),
    );
  });

  it('shows the captcha once a failed login asks for it, then requires and sends it', async () => {
    const user = userEvent.setup();
    loginMock.mockRejectedValueOnce(new ApiError('LOGIN_FAILED', 'The account or password is incorrect', 401, { captcha: true }));
    renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    expect(screen.queryByLabelText(/Captcha/)).toBeNull();
    await user.type(screen.getByLabelText(/Username/), 'player01');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The account or password is incorrect')).toBeTruthy();
    const captcha = await screen.findByLabelText(/Captcha/);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Captcha image' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the captcha')).toBeTruthy();
    expect(loginMock).toHaveBeenCalledTimes(1);

    loginMock.mockResolvedValueOnce(loginResult());
    await user.type(captcha, 'AB12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(loginMock).toHaveBeenCalledTimes(2));
    expect(loginMock.mock.calls[1]?.[0]).toMatchObject({ captcha: 'AB12', captchaId: 'captcha-id-123' });
  });

  it('keeps the captcha hidden after a failure that does not ask for it', async () => {
    const user = userEvent.setup();
    loginMock.mockRejectedValueOnce(new ApiError('LOGIN_FAILED', 'The account or password is incorrect', 401, { captcha: false }));
    renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText(/Username/), 'player01');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The account or password is incorrect')).toBeTruthy();
    expect(screen.queryByLabelText(/Captcha/)).toBeNull();
  });

  it('remember-password keeps the username (never the password) for the next visit', async () => {
    const user = userEvent.setup();
    loginMock.mockResolvedValue(loginResult());
    renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText(/Username/), 'player01');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(localStorage.getItem('rememberedUsername')).toBe('player01'));
    expect(loginMock.mock.calls[0]?.[0]).toMatchObject({ remember: true });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('secret-pass');
  });

  it('shows a loader while logging in', async () => {
    const user = userEvent.setup();
    let resolve: (value: ReturnType<typeof loginResult>) => void = () => undefined;
    loginMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderWithProviders(<LoginForm mode="member" flags={FLAGS_OFF} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText(/Username/), 'player01');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('status', { name: 'Logging in…' })).toBeTruthy();
    resolve(loginResult());
  });

  it('in agent mode sends agentLogin and shows the refusal of a member', async () => {
    const user = userEvent.setup();
    loginMock.mockRejectedValue(new ApiError('AGENT_ONLY', 'Non-agents cannot log in', 403));
    renderWithProviders(<LoginForm mode="agent" flags={FLAGS_OFF} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText(/Username/), 'demoplayer');
    await user.type(screen.getByLabelText(/^Password/), 'Demo@2025');
    await user.click(screen.getByRole('button', { name: 'Log in to the agent centre' }));
    expect(await screen.findByText('Non-agents cannot log in')).toBeTruthy();
    expect(loginMock.mock.calls[0]?.[0]).toMatchObject({ agentLogin: true });
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
