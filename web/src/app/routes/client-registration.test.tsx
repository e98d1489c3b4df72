import type { ClientRegistrationResult, InvitationPreview, TestimonialUpload } from '@shared/api-types';
import { REGISTRATION_MESSAGES } from '@shared/client-registration';
import { SMS_CONSENT_MESSAGES, SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { callsTo, deferred, jsonResponse, type MockHandler, type MockRoutes } from '@/testing/mock-api';
import { act, expectTokenInHash, fill, renderApp, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import userEvent from '@testing-library/user-event';

const token = 'A'.repeat(40) + 'xyz';
const invitation: InvitationPreview = {
  valid: true,
  name: 'Casey Client',
  email: 'casey@example.com',
  agentName: 'Jordan Rivera',
  businessName: 'Rivera Home Group',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const registered: ClientRegistrationResult = {
  clientId: 'client-1',
  created: true,
  clientToken: 'signed.client.token',
  clientTokenExpiresAt: '2030-01-01T00:00:00.000Z',
};
const presigned: TestimonialUpload = {
  uploadId: 'upload-1',
  url: 'http://storage.example/uploads',
  fields: { key: 'testimonials/a/b/c.mp4', Policy: 'cG9saWN5' },
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** A stand-in for the browser's XMLHttpRequest, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  method = '';
  url = '';
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number) {
    act(() => {
      this.status = status;
      this.onload?.();
    });
  }
  fail() {
    act(() => this.onerror?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  localStorage.clear();
});

const invitedApi = (extra = {}) => ({
  ['POST /api/client-invitations/preview']: () => jsonResponse(200, invitation),
  ...extra,
});

/** Opens the invitation's form, fills in the phone and sends it. */
async function sendInvitedForm(api: MockRoutes) {
  const view = renderApp(`/client-registration#token=${token}`, { api: invitedApi(api) });
  await fill(view.user, await screen.findByLabelText('Phone'), '(555) 123-4567');
  await view.user.click(screen.getByRole('button', { name: 'Complete Registration' }));
  return view;
}

async function registerFromInvitation(extraApi = {}) {
  const view = await sendInvitedForm({
    'POST /api/client-registration': () => jsonResponse(201, registered),
    ...extraApi,
  });
  await screen.findByRole('heading', { name: 'Share Your Experience' });
  return view;
}

/** The toast shown when the server answers the invited client's registration with `answer`. */
async function failedRegistrationToast(answer: MockHandler) {
  await sendInvitedForm({ 'POST /api/client-registration': answer });
  return screen.findByRole('alert');
}

/** Opens the form a visitor reaches from the realtor directory (`search` names the realtor) and fills it in. */
async function fillFromDirectory(search: string, email = 'sam@example.com') {
  const view = renderApp(`/client-registration?${search}`, {
    api: { 'POST /api/client-registration': () => jsonResponse(201, registered) },
  });
  await fill(view.user, await screen.findByLabelText('Full Name'), 'Sam Self');
  await fill(view.user, screen.getByLabelText('Email'), email);
  await fill(view.user, screen.getByLabelText('Phone'), '(555) 222-3333');
  return view;
}

/** What `fillFromDirectory` sends for realtor agent-7. */
const sentFromDirectory = {
  agentId: 'agent-7',
  name: 'Sam Self',
  email: 'sam@example.com',
  phone: '(555) 222-3333',
  smsConsent: false,
};

/** Sends the filled-in form and waits for the next step; returns what was sent. */
async function submitRegistration({ user, fetchMock }: Awaited<ReturnType<typeof fillFromDirectory>>) {
  await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
  await screen.findByRole('heading', { name: 'Share Your Experience' });
  return callsTo(fetchMock, 'POST /api/client-registration')[0]?.body;
}

const video = () => new File(['tiny video bytes'], 'my-story.mp4', { type: 'video/mp4' });

describe('/client-registration', () => {
  it('goes to /find-realtor with neither a token nor an agentId', async () => {
    const { router } = renderApp('/client-registration', {
      api: { 'GET /api/public/agents': () => jsonResponse(200, { agents: [], available: true }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Realtor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/find-realtor');
  });

  it('shows a clear page, not a broken form, for an expired or used invitation', async () => {
    const { user, router } = renderApp(`/client-registration#token=${token}`, {
      api: {
        ['POST /api/client-invitations/preview']: () =>
          jsonResponse(200, { valid: false, message: REGISTRATION_MESSAGES.invitationInvalid }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_MESSAGES.invitationInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Find Your Realtor' }));
    expect(router.state.location.pathname).toBe('/find-realtor');
  });

  it('still opens an invitation mailed with ?token=, and moves the token out of the query at once', async () => {
    const { router, fetchMock } = renderApp(`/client-registration?token=${token}`, { api: invitedApi() });
    expect(
      await screen.findByText('Hi Casey Client, Jordan Rivera of Rivera Home Group invited you to stay in touch.'),
    ).toBeInTheDocument();
    const lookups = callsTo(fetchMock, 'POST /api/client-invitations/preview');
    expect(lookups.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/client-invitations/preview', body: { token } },
    ]);
    expectTokenInHash(router, '/client-registration', token);
  });

  it('shows the invalid page for a malformed token without asking the server', async () => {
    const { fetchMock } = renderApp('/client-registration#token=not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/client-invitations/preview')).toHaveLength(0);
  });

  it('greets the invited client and asks phone, address, birthday and purchase date, but not name or e-mail', async () => {
    renderApp(`/client-registration#token=${token}`, { api: invitedApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(screen.getByText('Please provide your information to complete the registration')).toBeInTheDocument();
    expect(
      screen.getByText('Hi Casey Client, Jordan Rivera of Rivera Home Group invited you to stay in touch.'),
    ).toBeInTheDocument();
    for (const label of ['Phone', 'Address (optional)', 'Birthday (optional)', 'Purchase Date (optional)'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it("requires the phone with SPEC's message", async () => {
    const { user, fetchMock } = renderApp(`/client-registration#token=${token}`, { api: invitedApi() });
    await fill(user, await screen.findByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/client-registration')).toHaveLength(0);
  });

  it("sends the token and profile, shows 'Submitting...', then 'Registration complete' and 'Share Your Experience'", async () => {
    const answer = deferred<Response>();
    const { user, fetchMock } = renderApp(`/client-registration#token=${token}`, {
      api: invitedApi({ 'POST /api/client-registration': () => answer.promise }),
    });
    await fill(user, await screen.findByLabelText('Phone'), '(555) 123-4567');
    await fill(user, screen.getByLabelText('Address (optional)'), '1 Main St');
    await fill(user, screen.getByLabelText('Birthday (optional)'), '1990-05-01');
    const consent = screen.getByRole('checkbox', { name: SMS_CONSENT_WORDS });
    expect(consent).not.toBeChecked();
    // The invitation's link proves the e-mail: its box counts at once, with no text to confirm.
    expect(consent).not.toHaveAccessibleDescription();
    expect(screen.queryByText(SMS_CONSENT_MESSAGES.confirmByText)).not.toBeInTheDocument();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/client-registration')[0]?.body).toEqual({
      token,
      phone: '(555) 123-4567',
      address: '1 Main St',
      birthday: '1990-05-01',
      smsConsent: true,
    });
    answer.resolve(jsonResponse(201, registered));

    expect(await screen.findByRole('heading', { name: 'Share Your Experience' })).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Registration complete')).toBeInTheDocument();
    expect(screen.getByLabelText('Video file')).toHaveAttribute('accept', 'video/*');
  });

  it('asks Full Name and Email as well after choosing a realtor, and sends the agentId', async () => {
    const view = await fillFromDirectory('agentId=agent-7', 'Sam@Example.com');
    // From the directory, anyone can type any number: the box says the number confirms by text.
    expect(screen.getByRole('checkbox', { name: SMS_CONSENT_WORDS })).toHaveAccessibleDescription(
      SMS_CONSENT_MESSAGES.confirmByText,
    );
    // The e-mail lower-cased; the consent box left unticked.
    expect(await submitRegistration(view)).toEqual(sentFromDirectory);
  });

  it("sends the referrer's client id (ref) with a registration from a client's referral link", async () => {
    const view = await fillFromDirectory('agentId=agent-7&ref=client-dana');
    expect(await submitRegistration(view)).toEqual({ ...sentFromDirectory, ref: 'client-dana' });
  });

  it('sends no ref for a referral that cannot be a client id', async () => {
    const view = await fillFromDirectory('agentId=agent-7&ref=not%20an%20id');
    expect(await submitRegistration(view)).not.toHaveProperty('ref');
  });

  it("tells the visitor in plain words when their realtor's plan is full", async () => {
    const toast = await failedRegistrationToast(() =>
      jsonResponse(403, { message: REGISTRATION_MESSAGES.agentAtCapacity, code: 'AGENT_AT_CAPACITY' }),
    );
    expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
    expect(within(toast).getByText(REGISTRATION_MESSAGES.agentAtCapacity)).toBeInTheDocument();
  });

  it("shows 'Registration failed' / 'Failed to complete registration' for other failures", async () => {
    const toast = await failedRegistrationToast(() =>
      jsonResponse(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }),
    );
    expect(within(toast).getByText('Failed to complete registration')).toBeInTheDocument();
  });
});

describe('Share Your Experience', () => {
  /** The upload's two API calls: the presigned form, then the confirmation once the file is in storage. */
  const videoUpload = {
    'POST /api/video-testimonials': () => jsonResponse(201, presigned),
    'POST /api/video-testimonials/upload-1/complete': () =>
      jsonResponse(201, { id: 'upload-1', contentType: 'video/mp4', size: 16, uploadedAt: '2030-01-01T00:00:00.000Z' }),
  };

  it('uploads the video with a progress bar, confirms it, shows a clear done state, then goes to /auth', async () => {
    const { user, router, fetchMock } = await registerFromInvitation({
      ...videoUpload,
      'GET /api/user': () => jsonResponse(401, { message: 'Not logged in' }),
    });
    await user.upload(screen.getByLabelText('Video file'), video());
    expect(screen.getByText(/my-story\.mp4/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/video-testimonials')[0]?.body).toEqual({
      clientId: 'client-1',
      clientToken: 'signed.client.token',
      contentType: 'video/mp4',
      size: 16,
    });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe(presigned.url);
    expect([...xhr.body!.keys()]).toEqual(['key', 'Policy', 'file']);
    xhr.progress(8, 16);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Uploading... 50%')).toBeInTheDocument();
    xhr.respond(204);

    expect(
      await screen.findByText('Thank you! Your video has been uploaded and shared with your realtor.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/video-testimonials/upload-1/complete')[0]?.body).toEqual({
      clientId: 'client-1',
      clientToken: 'signed.client.token',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('tab', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('says when the upload failed and lets the visitor try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await registerFromInvitation({
      ...videoUpload,
    });
    await user.upload(screen.getByLabelText('Video file'), video());
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.fail();

    expect(
      await screen.findByText(/Your video could not be uploaded\. The connection was lost during the upload\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(204);
    expect(
      await screen.findByText('Thank you! Your video has been uploaded and shared with your realtor.'),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not a video before sending anything', async () => {
    const { fetchMock } = await registerFromInvitation();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText(REGISTRATION_MESSAGES.videoOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/video-testimonials')).toHaveLength(0);
  });

  it('lets the visitor skip the video and go on to /auth', async () => {
    const { user, router } = await registerFromInvitation({
      'GET /api/user': () => jsonResponse(401, { message: 'Not logged in' }),
    });
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await screen.findByRole('tab', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth');
  });
});
