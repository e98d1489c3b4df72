import type { UserEvent } from '@testing-library/user-event';
import { MESSAGES } from '@shared/schemas';
import { createUser } from '@/testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import {
  expectToastSays,
  fill,
  findPageHeading,
  renderApp,
  screen,
  visibleToasts,
  waitFor,
  within,
} from '@/testing/test-utils';

async function openAuth(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp('/auth', options);
  await screen.findByRole('tab', { name: 'Login' });
  return view;
}

describe('/auth', () => {
  it('sends a signed-in user to the dashboard', async () => {
    const { router } = renderApp('/auth', { user: createUser({ fullName: 'Sam Rivera' }) });

    expect(await findPageHeading('Welcome, Sam Rivera')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers Login and Register tabs, Login first', async () => {
    const { user } = await openAuth();

    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Register' }));

    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
  });

  describe('login', () => {
    it('keeps the Login button disabled until the form is valid', async () => {
      const { user } = await openAuth();
      const button = screen.getByRole('button', { name: 'Login' });

      expect(button).toBeDisabled();
      await fill(user, screen.getByLabelText('Email'), 'jane@example.com');
      expect(button).toBeDisabled();
      await fill(user, screen.getByLabelText('Password'), 'secret1');
      expect(button).toBeEnabled();
    });

    it("shows 'Logging in...' while pending, then goes to the dashboard", async () => {
      const signedIn = createUser({ fullName: 'Jane Doe' });
      const answer = deferred<Response>();
      const { user, router, fetchMock } = await openAuth({ api: { 'POST /api/login': () => answer.promise } });

      await fill(user, screen.getByLabelText('Email'), '  jane@example.com ');
      await fill(user, screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
      expect(callsTo(fetchMock, 'POST /api/login')[0]?.body).toEqual({
        username: 'jane@example.com',
        password: 'secret1',
      });

      answer.resolve(jsonResponse(200, signedIn));

      expect(await findPageHeading('Welcome, Jane Doe')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      // The session cache was set from the answer; the user was not fetched again.
      expect(callsTo(fetchMock, 'GET /api/user')).toHaveLength(1);
    });

    it("shows a destructive 'Login failed' toast with the error message", async () => {
      const { user } = await openAuth({
        api: {
          'POST /api/login': () => jsonResponse(401, { message: 'Invalid username or password' }, 'Unauthorized'),
        },
      });

      await fill(user, screen.getByLabelText('Email'), 'jane@example.com');
      await fill(user, screen.getByLabelText('Password'), 'wrong-password');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Login failed')).toBeInTheDocument();
      expect(within(toast).getByText('Invalid username or password')).toBeInTheDocument();
      expect(toast).toHaveAttribute('data-variant', 'destructive');
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    });
  });

  it('clears an earlier failure toast once the login succeeds', async () => {
    let attempts = 0;
    const { user } = await openAuth({
      api: {
        'POST /api/login': () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(401, { message: 'Invalid username or password' }, 'Unauthorized')
            : jsonResponse(200, createUser());
        },
      },
    });

    await fill(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Login failed');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await findPageHeading(/^Welcome, /);
    expect(visibleToasts()).toHaveLength(0);
  });

  describe('forgot password', () => {
    /** Opens /auth (answered by `api`) and its reset form. */
    const openResetForm = async (api: MockRoutes = {}) => {
      const view = await openAuth({ api });
      await view.user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      return view;
    };
    /** Enters `email` in the reset form and sends the link. */
    const sendResetLink = async (user: UserEvent, email: string) => {
      await fill(user, screen.getByLabelText('Email'), email);
      await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    };

    it("sends the reset link, shows 'Check your email' and returns to the login form", async () => {
      const { user, fetchMock } = await openResetForm({ 'POST /api/password-reset/request': () => emptyResponse(202) });

      expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
      await sendResetLink(user, 'Jane@Example.com');

      expectToastSays(
        await screen.findByRole('status'),
        'Check your email',
        'If an account exists with that email, you will receive password reset instructions.',
      );
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send Reset Link' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/password-reset/request')[0]?.body).toEqual({ username: 'jane@example.com' });
    });

    it("shows a destructive 'Error' toast when the request fails, and stays on the reset form", async () => {
      const { user } = await openResetForm({
        'POST /api/password-reset/request': () => emptyResponse(500, 'Internal Server Error'),
      });

      await sendResetLink(user, 'jane@example.com');

      expectToastSays(
        await screen.findByRole('alert'),
        'Error',
        'Failed to process password reset request. Please try again.',
      );
      expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    });

    it("rejects a malformed e-mail with 'Invalid email address'", async () => {
      const { user, fetchMock } = await openResetForm();

      await sendResetLink(user, 'not-an-email');

      expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST /api/password-reset/request')).toHaveLength(0);
    });

    it("goes back to the login form with 'Back to Login'", async () => {
      const { user } = await openResetForm();

      await user.click(screen.getByRole('button', { name: 'Back to Login' }));

      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });

  describe('register', () => {
    async function fillRegistration(user: ReturnType<typeof renderApp>['user'], phone: string) {
      await user.click(screen.getByRole('tab', { name: 'Register' }));
      await fill(user, screen.getByLabelText('Full Name'), 'Jane Doe');
      await fill(user, screen.getByLabelText('Email'), 'jane@example.com');
      await fill(user, screen.getByLabelText('Password'), 'secret1');
      await fill(user, screen.getByLabelText('Cell Phone Number'), phone);
      await user.click(screen.getByRole('button', { name: 'Register' }));
    }

    it('shows a US phone format as the placeholder', async () => {
      const { user } = await openAuth();

      await user.click(screen.getByRole('tab', { name: 'Register' }));

      expect(screen.getByLabelText('Cell Phone Number')).toHaveAttribute('placeholder', '(555) 123-4567');
    });

    it.each([
      ['555-1234', MESSAGES.phoneTooShort],
      ['555-CALL-NOW', MESSAGES.phoneFormat],
      ['(555) 123-45', MESSAGES.phoneDigits],
    ])('refuses the phone %p with %p', async (phone, message) => {
      const { user, fetchMock } = await openAuth();

      await fillRegistration(user, phone);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByLabelText('Cell Phone Number')).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo(fetchMock, 'POST /api/register')).toHaveLength(0);
    });

    it("shows 'Registering...' while pending, sends the time zone, and goes to the dashboard", async () => {
      const answer = deferred<Response>();
      const { user, router, fetchMock } = await openAuth({ api: { 'POST /api/register': () => answer.promise } });

      await fillRegistration(user, '(555) 123-4567');

      expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
      expect(callsTo(fetchMock, 'POST /api/register')[0]?.body).toEqual({
        fullName: 'Jane Doe',
        username: 'jane@example.com',
        password: 'secret1',
        phone: '(555) 123-4567',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });

      answer.resolve(jsonResponse(201, createUser({ fullName: 'Jane Doe' })));

      expect(await findPageHeading('Welcome, Jane Doe')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });

    it("shows 'Registration failed' with the message when the e-mail or phone is taken", async () => {
      const { user } = await openAuth({
        api: { 'POST /api/register': () => jsonResponse(409, { message: 'Email already registered' }, 'Conflict') },
      });

      await fillRegistration(user, '(555) 123-4567');

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
      expect(within(toast).getByText('Email already registered')).toBeInTheDocument();
    });

    it("puts the server's field errors under their fields", async () => {
      const { user } = await openAuth({
        api: {
          'POST /api/register': () =>
            jsonResponse(
              400,
              { message: 'Validation failed', errors: { phone: 'Phone number is already in use' } },
              'Bad Request',
            ),
        },
      });

      await fillRegistration(user, '(555) 123-4567');

      expect(await screen.findByText('Phone number is already in use')).toBeInTheDocument();
      expect(screen.getByLabelText('Cell Phone Number')).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(visibleToasts()).toHaveLength(1));
    });
  });
});
