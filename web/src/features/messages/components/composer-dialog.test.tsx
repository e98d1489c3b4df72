import { MemoryRouter } from 'react-router-dom';
import type { Client, Draft, SendMessageResult, User } from '@shared/api-types';
import { smsSegments, type DraftOccasion, type DraftRequest } from '@shared/drafts';
import { MESSAGE_MESSAGES } from '@shared/messages';
import { SMS_CONSENT_MESSAGES } from '@shared/sms-consent';
import { useUser } from '@/lib/auth';
import { createClient, createMessageActivity, createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi, type MockRoutes } from '@/testing/mock-api';
import { fill, quickUser, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { ComposerDialog, type ComposerDraftRequest } from './composer-dialog';

const DRAFTS = 'POST /api/clients/client-jane/drafts';
const MESSAGES = 'POST /api/clients/client-jane/messages';

function jane(overrides: Partial<Client> = {}): Client {
  return createClient({
    id: 'client-jane',
    name: 'Jane Smith',
    email: 'jane@example.com',
    phone: '(555) 987-6543',
    // Texted in these tests: Jane agreed to texts.
    smsConsent: { status: 'granted', source: 'agent-attested', at: '2025-01-20T10:00:00.000Z' },
    ...overrides,
  });
}

function localDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    subject: 'Happy birthday, Jane!',
    body: 'Hi Jane, happy birthday! I hope the year ahead is a good one.',
    engine: { provider: 'local', model: null },
    quota: { used: 0, limit: 0 },
    ...overrides,
  };
}

/** What the composer asks the draft for: by default the first warm e-mail for Jane's birthday. */
function draftRequest(overrides: Partial<DraftRequest> = {}): Partial<DraftRequest> {
  return { occasion: 'birthday', channel: 'email', tone: 'warm', variant: 0, ...overrides };
}

/** Shows when GET /api/user has answered, so a test acts on the composer with the agent known. */
function SignedIn() {
  const { user } = useUser();
  return user ? <p>Signed in as {user.fullName}</p> : null;
}

type Options = {
  client?: Client;
  occasion?: DraftOccasion;
  draft?: ComposerDraftRequest;
  agent?: User;
  api?: MockRoutes;
};

async function openComposer({
  client = jane(),
  occasion = 'check-in',
  draft,
  agent = createUser({ fullName: 'Alex Agent' }),
  api = {},
}: Options = {}) {
  const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(200, agent), ...api });
  const onClose = jest.fn();
  const view = renderWithProviders(
    <MemoryRouter>
      <SignedIn />
      <ComposerDialog target={{ client, occasion, ...(draft ? { draft } : {}) }} onClose={onClose} />
    </MemoryRouter>,
  );
  await screen.findByText(`Signed in as ${agent.fullName}`);
  const title = screen.getByText(`Message ${client.name}`);
  const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toHaveAccessibleName(`Message ${client.name}`);
  return { ...view, user: quickUser(), fetchMock, onClose, dialog };
}

/** A button of the dialog by its text (a role query over the dialog computes every element's style). */
/** Waits for the draft's `body` to fill the dialog's Message field. */
async function expectDraftBody(dialog: HTMLElement, body: string) {
  expect(await within(dialog).findByDisplayValue(body)).toBe(within(dialog).getByLabelText(/^Message/));
}

function button(container: HTMLElement, name: string): HTMLElement {
  const element = within(container).getByText(name).closest('button');
  expect(element).toHaveRole('button');
  return element!;
}

function sent(client: Client, channel: 'email' | 'sms'): SendMessageResult {
  return { status: 'sent', message: createMessageActivity({ channel }), client };
}

describe('the composer', () => {
  it('preselects the occasion it was opened for', async () => {
    const { dialog } = await openComposer({ occasion: 'birthday' });
    expect(within(dialog).getByLabelText('Occasion')).toHaveDisplayValue('Birthday');
    expect(within(dialog).getByLabelText('Tone')).toHaveDisplayValue('Warm');
    expect(within(dialog).getByLabelText('E-mail')).toBeChecked();
  });

  it('disables the text channel, with its reason, for a client without a phone number', async () => {
    const { dialog } = await openComposer({ client: jane({ phone: '' }) });
    const text = within(dialog).getByLabelText('Text message');
    expect(text).toBeDisabled();
    expect(text).toHaveAccessibleDescription('Text message: No phone number on file');
    expect(within(dialog).getByText('Text message: No phone number on file')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toBeEnabled();
    expect(within(dialog).getByLabelText('E-mail')).toBeChecked();
  });

  it('disables e-mail for a client who unsubscribed and chooses the text channel', async () => {
    const { dialog } = await openComposer({ client: jane({ emailOptedOut: true }) });
    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toBeDisabled();
    expect(within(dialog).getByText('E-mail: Jane unsubscribed from your e-mails')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text message')).toBeChecked();
    expect(within(dialog).queryByLabelText(/^Subject/)).not.toBeInTheDocument();
    expect(button(dialog, 'Send text')).toBeEnabled();
  });

  it('says why a text cannot go to a client without consent, and offers the attestation that lets it go', async () => {
    const none = { status: 'none', source: null, at: null } as const;
    const { dialog, user, fetchMock } = await openComposer({
      client: jane({ emailOptedOut: true, smsConsent: none }),
      api: {
        'PATCH /api/clients/client-jane': () =>
          jsonResponse(
            200,
            jane({ smsConsent: { status: 'granted', source: 'agent-attested', at: new Date().toISOString() } }),
          ),
      },
    });
    expect(within(dialog).getByText(SMS_CONSENT_MESSAGES.noConsent)).toBeInTheDocument();
    expect(button(dialog, 'Send text')).toBeDisabled();
    const attestation = within(dialog).getByLabelText(SMS_CONSENT_MESSAGES.attestationLabel);
    expect(attestation).not.toBeChecked();

    await user.click(attestation);

    await waitFor(() => expect(button(dialog, 'Send text')).toBeEnabled());
    expect(callsTo(fetchMock, 'PATCH /api/clients/client-jane').map((request) => request.body)).toEqual([
      { smsConsent: 'granted' },
    ]);
  });

  it('warns an agent whose e-mail is unverified and does not let them send', async () => {
    const { dialog } = await openComposer({ agent: createUser({ fullName: 'Alex Agent', emailVerified: false }) });
    expect(within(dialog).getByText(/^Verify your e-mail address before you send/)).toBeInTheDocument();
    expect(button(dialog, 'Send e-mail')).toBeDisabled();
  });

  it("asks a free agent's draft for the occasion, channel, tone and instructions, and fills the message from it", async () => {
    const { user, dialog, fetchMock } = await openComposer({
      occasion: 'birthday',
      api: {
        [DRAFTS]: ({ body }) =>
          jsonResponse(
            200,
            (body as { variant: number }).variant === 0
              ? localDraft()
              : localDraft({ subject: 'A happy birthday', body: 'Jane, happy birthday from the park!' }),
          ),
      },
    });
    expect(within(dialog).queryByText('Write with AI')).not.toBeInTheDocument();

    await user.click(button(dialog, 'Suggest a draft'));
    expect(await within(dialog).findByText("Suggested by Hearthside's composer, without AI")).toBeInTheDocument();
    expect(callsTo(fetchMock, DRAFTS)[0]?.body).toEqual(draftRequest());
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Happy birthday, Jane!');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(
      'Hi Jane, happy birthday! I hope the year ahead is a good one.',
    );
    expect(within(dialog).queryByText('Suggest a draft')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Tone'), 'Brief');
    await fill(user, within(dialog).getByLabelText('Instructions for the draft (optional)'), 'mention the new park');
    await user.click(button(dialog, 'Suggest another'));
    await expectDraftBody(dialog, 'Jane, happy birthday from the park!');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('A happy birthday');
    expect(callsTo(fetchMock, DRAFTS)).toHaveLength(2);
    expect(callsTo(fetchMock, DRAFTS)[1]?.body).toEqual(
      draftRequest({ tone: 'brief', instructions: 'mention the new park', variant: 1 }),
    );
  });

  it('asks once, on opening, for the draft it was opened with: its instructions, on the channel it prefers', async () => {
    const { dialog, fetchMock } = await openComposer({
      occasion: 'thank-referrer',
      draft: { instructions: 'Thank Jane for referring Sam.', channel: 'sms' },
      api: { [DRAFTS]: () => jsonResponse(200, localDraft({ subject: null, body: 'Jane, thank you for Sam!' })) },
    });
    await expectDraftBody(dialog, 'Jane, thank you for Sam!');
    expect(within(dialog).getByLabelText('Instructions for the draft (optional)')).toHaveValue(
      'Thank Jane for referring Sam.',
    );
    expect(within(dialog).getByLabelText('Occasion')).toHaveValue('thank-referrer');
    expect(callsTo(fetchMock, DRAFTS).map((call) => call.body)).toEqual([
      draftRequest({ occasion: 'thank-referrer', channel: 'sms', instructions: 'Thank Jane for referring Sam.' }),
    ]);
  });

  it('offers Pro with a link when the draft answer says upgrade', async () => {
    const { user, dialog } = await openComposer({
      api: { [DRAFTS]: () => jsonResponse(200, localDraft({ upgrade: true })) },
    });
    await user.click(button(dialog, 'Suggest a draft'));
    const link = await within(dialog).findByText('Upgrade to Pro');
    expect(link).toHaveRole('link');
    expect(link).toHaveAttribute('href', '/settings');
  });

  it("names the model that wrote a Pro agent's draft and the day's AI drafts", async () => {
    const { user, dialog } = await openComposer({
      agent: createUser({ fullName: 'Alex Agent', isPro: true }),
      api: {
        [DRAFTS]: () =>
          jsonResponse(
            200,
            localDraft({ engine: { provider: 'bedrock', model: 'model-id' }, quota: { used: 3, limit: 50 } }),
          ),
      },
    });
    expect(within(dialog).queryByText('Suggest a draft')).not.toBeInTheDocument();
    await user.click(button(dialog, 'Write with AI'));
    expect(
      await within(dialog).findByText('Written with AI (model-id on Amazon Bedrock) · AI drafts today: 3 of 50'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Upgrade to Pro')).not.toBeInTheDocument();
  });

  it('sends an e-mail with its subject, body and occasion and says it was sent', async () => {
    const client = jane();
    const { user, dialog, fetchMock, onClose } = await openComposer({
      client,
      occasion: 'birthday',
      api: { [MESSAGES]: () => jsonResponse(201, sent(client, 'email')) },
    });
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'Happy birthday!');
    await fill(user, within(dialog).getByLabelText(/^Message/), 'Have a lovely day, Jane.');
    await user.click(button(dialog, 'Send e-mail'));

    expect(await within(dialog).findByText('Sent')).toBeInTheDocument();
    expect(
      within(dialog).getByText("Your e-mail to Jane is on its way. It is in Jane's activity."),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, MESSAGES).map((request) => request.body)).toEqual([
      { channel: 'email', subject: 'Happy birthday!', body: 'Have a lovely day, Jane.', occasion: 'birthday' },
    ]);
    await user.click(button(dialog, 'Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it("says when a text held for quiet hours goes out, in the client's own time", async () => {
    const client = jane({ timeZone: 'America/New_York' });
    const { user, dialog, fetchMock } = await openComposer({
      client,
      api: {
        [MESSAGES]: () =>
          jsonResponse(202, {
            status: 'scheduled',
            // 13:00 UTC on Tuesday 25 November 2025 is 8:00 in New York (EST, UTC-5).
            sendAt: '2025-11-25T13:00:00.000Z',
            timeZone: 'America/New_York',
            message: createMessageActivity({
              channel: 'sms',
              subject: null,
              status: 'scheduled',
              sentAt: null,
              sendAt: '2025-11-25T13:00:00.000Z',
            }),
            client,
          } satisfies SendMessageResult),
      },
    });
    await user.click(within(dialog).getByLabelText('Text message'));
    await fill(user, within(dialog).getByLabelText(/^Message/), 'Hi Jane, just checking in.');
    await user.click(button(dialog, 'Send text'));

    expect(await within(dialog).findByText("Scheduled for 8:00 Jane's time, Tue, Nov 25")).toBeInTheDocument();
    expect(callsTo(fetchMock, MESSAGES)[0]?.body).toEqual({
      channel: 'sms',
      body: 'Hi Jane, just checking in.',
      occasion: 'check-in',
    });
  });

  it("refuses an empty message with the schema's words and posts nothing", async () => {
    const { user, dialog, fetchMock } = await openComposer();
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'Hello');
    await user.click(button(dialog, 'Send e-mail'));

    expect(await within(dialog).findByText(MESSAGE_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Message/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveAccessibleDescription(MESSAGE_MESSAGES.bodyRequired);
    expect(callsTo(fetchMock, MESSAGES)).toHaveLength(0);
  });

  it.each([
    [409, 'OPTED_OUT', 'Jane unsubscribed from your e-mails.'],
    [429, 'DAILY_LIMIT', 'You can send up to 200 messages a day. Try again tomorrow.'],
  ])("shows the server's reason for a %i %s answer and keeps the message open", async (status, code, message) => {
    const { user, dialog, onClose } = await openComposer({
      api: { [MESSAGES]: () => jsonResponse(status, { code, message }) },
    });
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'Hello');
    await fill(user, within(dialog).getByLabelText(/^Message/), 'Hi Jane!');
    await user.click(button(dialog, 'Send e-mail'));

    const alert = (await within(dialog).findByText(message)).closest<HTMLElement>('.MuiAlert-root');
    expect(alert).toHaveRole('alert');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue('Hi Jane!');
    expect(button(dialog, 'Send e-mail')).toBeEnabled();
    expect(within(dialog).queryByText('Sent')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('counts the characters and SMS segments of a text', async () => {
    const oneSegment = 'a'.repeat(160);
    expect(smsSegments(oneSegment)).toBe(1);
    expect(smsSegments(`${oneSegment}b`)).toBe(2);

    const { user, dialog } = await openComposer();
    expect(within(dialog).queryByText(/SMS segment/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Text message'));
    const message = within(dialog).getByLabelText(/^Message/);
    await fill(user, message, oneSegment);
    expect(within(dialog).getByText('160 characters · 1 SMS segment')).toBeInTheDocument();
    await user.type(message, 'b');
    expect(within(dialog).getByText('161 characters · 2 SMS segments')).toBeInTheDocument();
  });
});
