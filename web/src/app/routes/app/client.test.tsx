import type { Client, ClientActivity, ClientMilestone, ReviewCheck } from '@shared/api-types';
import type { ClientRelationship } from '@shared/next-best';
import { createClient, createMessageActivity, createTouchActivity, createUser } from '@/testing/data-generators';
import { callsTo, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import {
  findPageHeading,
  quickUser,
  regionByHeading,
  renderApp,
  screen,
  toastRegion,
  waitFor,
  within,
} from '@/testing/test-utils';

const ana = createClient({
  id: 'c-ana',
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '(555) 111-2222',
  address: '1 Elm St, Springfield',
  birthday: '1985-03-14',
  purchaseDate: '2024-04-30',
  timeZone: 'America/Chicago',
  tags: ['past buyer', 'VIP'],
  keyDates: [{ label: "Son's 16th", date: '--09-02' }],
  cadenceDays: 30,
  smsConsent: { status: 'granted', source: 'agent-attested', at: '2025-02-01T10:00:00.000Z' },
  emailOptedOut: true,
  reviewStatus: 'requested',
  reviewRequestedAt: '2025-05-02T15:00:00.000Z',
  reviewLinkOpenedAt: '2025-05-03T09:00:00.000Z',
  origin: 'imported',
  createdAt: '2025-01-20T10:00:00.000Z',
});

const milestones: ClientMilestone[] = [
  {
    type: 'profile-complete',
    name: 'Profile Complete',
    description: 'Every profile detail is filled in',
    icon: 'Star',
    achievedAt: '2025-02-01T15:00:00.000Z',
  },
];

const activityOf = (client: Client): ClientActivity => ({
  client,
  lastContactDate: null,
  activity: [
    createMessageActivity({
      id: 'm-in',
      direction: 'inbound',
      channel: 'sms',
      status: 'received',
      subject: null,
      body: 'Thanks, see you Thursday!',
      sentAt: null,
      at: '2025-05-04T10:00:00.000Z',
      createdAt: '2025-05-04T10:00:00.000Z',
    }),
    createMessageActivity({
      id: 'm-review',
      occasion: 'review-request',
      subject: 'Would you leave a review?',
      status: 'sent',
      sentAt: '2025-05-02T15:00:00.000Z',
    }),
    createTouchActivity({
      id: 't-call',
      kind: 'call',
      note: 'Talked about the spring',
      date: '2025-03-01T12:00:00.000Z',
    }),
  ],
});

const relationship: ClientRelationship = {
  strength: 6.44,
  level: 'warm',
  tier: 'advocate',
  referrals: 2,
  referredBy: { id: 'c-dana', name: 'Dana Lee' },
  lastTouchAt: '2025-05-04T10:00:00.000Z',
  referralLink: 'https://hearthside.example/client-registration?agentId=user-1&ref=c-ana',
};

/** Renders /clients/c-ana for a signed-in agent; GET /api/clients/c-ana answers `client` unless `api` says. */
async function openPage({ client = ana, api = {} }: { client?: Client; api?: MockRoutes } = {}) {
  const view = renderApp('/clients/c-ana', {
    user: createUser({ isPro: true }),
    api: {
      'GET /api/clients/c-ana': () => jsonResponse(200, client),
      'GET /api/clients/c-ana/messages': () => jsonResponse(200, activityOf(client)),
      'GET /api/clients/c-ana/milestones': () => jsonResponse(200, milestones),
      'GET /api/clients/c-ana/testimonials': () => jsonResponse(200, []),
      'GET /api/clients/c-ana/relationship': () => jsonResponse(200, relationship),
      ...api,
    },
  });
  return { ...view, user: quickUser() };
}

/** The button or link named `name` (by aria-label or text), its role asserted: a role query over a page is slow. */
function control(name: string, container: ParentNode = document.body, role: 'button' | 'link' = 'button') {
  const found = [...container.querySelectorAll<HTMLElement>('button, a')].filter(
    (el) => (el.getAttribute('aria-label') ?? el.textContent?.trim()) === name,
  );
  expect(found).toHaveLength(1);
  expect(found[0]).toHaveRole(role);
  return found[0]!;
}

describe('/clients/:id, a client of their own page', () => {
  it('loads the client alone (never the list) and shows contact, dates, tags, rhythm, consent and review', async () => {
    const { fetchMock } = await openPage();
    await findPageHeading('Ana Ruiz');
    expect(callsTo(fetchMock, 'GET /api/clients?*')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET /api/clients')).toHaveLength(0);
    expect(document.title).toMatch(/^Ana Ruiz/);

    const contact = regionByHeading('Contact');
    expect(control('Call Ana Ruiz', contact, 'link')).toHaveAttribute('href', 'tel:5551112222');
    expect(control('Text Ana Ruiz', contact, 'link')).toHaveAttribute('href', 'sms:5551112222');
    expect(control('E-mail Ana Ruiz', contact)).toBeInTheDocument();
    expect(within(contact).getByText('1 Elm St, Springfield')).toBeInTheDocument();
    expect(within(contact).getByText('America/Chicago')).toBeInTheDocument();

    const dates = regionByHeading('Key Dates');
    expect(within(dates).getByText('Mar 14, 1985')).toBeInTheDocument();
    expect(within(dates).getByText("Son's 16th")).toBeInTheDocument();
    expect(within(dates).getByText('Sep 2')).toBeInTheDocument();
    expect(within(dates).queryByText('Anniversary')).not.toBeInTheDocument();

    const tags = regionByHeading('Tags and Rhythm');
    const chips = within(tags).getByLabelText('Tags');
    expect([...chips.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['past buyer', 'VIP']);
    expect(tags).toHaveTextContent('Keep in touch: Every 30 days');

    const consent = regionByHeading('Consent and Opt-outs');
    expect(within(consent).getByText(/^Texts allowed/)).toBeInTheDocument();
    expect(within(consent).getByText('Opted out of e-mail')).toBeInTheDocument();
    expect(within(consent).getByText('Not opted out of texts')).toBeInTheDocument();

    const review = regionByHeading('Review Status');
    expect(within(review).getByText('Requested May 2, 2025')).toBeInTheDocument();
    expect(control('Request Review', review)).toBeInTheDocument();
  });

  it('says "No rhythm" and "No tags." when none are set', async () => {
    await openPage({ client: { ...ana, tags: [], cadenceDays: null } });
    await findPageHeading('Ana Ruiz');
    const tags = regionByHeading('Tags and Rhythm');
    expect(within(tags).getByText('No tags.')).toBeInTheDocument();
    expect(tags).toHaveTextContent('Keep in touch: No rhythm');
  });

  it('shows the relationship: strength, tier, who referred them, their referrals, and their referral link to copy', async () => {
    const { user } = await openPage();
    await findPageHeading('Ana Ruiz');
    const section = regionByHeading('Relationship');
    expect(await within(section).findByText('Warm · 6.4')).toBeInTheDocument();
    expect(within(section).getByText('Advocate (2 or more referrals)')).toBeInTheDocument();
    expect(control('Dana Lee', section, 'link')).toHaveAttribute('href', '/clients/c-dana');
    expect(within(section).getByText('Referred 2 clients')).toBeInTheDocument();
    expect(within(section).getByText(relationship.referralLink)).toBeInTheDocument();

    await user.click(control("Copy Ana Ruiz's referral link", section));
    expect(await within(toastRegion()).findByText('Referral link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(relationship.referralLink);
  });

  it('says "None yet" and no "Referred by" for a client without referrals or a referrer', async () => {
    await openPage({
      api: {
        'GET /api/clients/c-ana/relationship': () =>
          jsonResponse(200, { ...relationship, tier: 'other', referrals: 0, referredBy: null, lastTouchAt: null }),
      },
    });
    await findPageHeading('Ana Ruiz');
    const section = regionByHeading('Relationship');
    expect(await within(section).findByText('None yet')).toBeInTheDocument();
    expect(within(section).queryByText('Referred by')).not.toBeInTheDocument();
    expect(within(section).getByText('Client')).toBeInTheDocument();
  });

  it('shows one timeline, newest first: messages both ways, the review link opened, calls, milestones, the way in', async () => {
    await openPage();
    const list = await screen.findByLabelText('Activity with Ana Ruiz');
    await waitFor(() => expect(within(list).getByText('Milestone: Profile Complete')).toBeInTheDocument());
    const labels = [...list.querySelectorAll(':scope > li')].map((li) => li.querySelector('p')?.textContent);
    expect(labels).toEqual([
      'Text message from the client',
      'Opened the review link',
      'Review request (e-mail)',
      'Call',
      'Milestone: Profile Complete',
      'Imported from a file',
    ]);
  });

  it('opens the composer from "E-mail" and from "Send a message"', async () => {
    const { user } = await openPage();
    await findPageHeading('Ana Ruiz');
    await user.click(control('E-mail Ana Ruiz'));
    expect(await screen.findByRole('dialog', { name: 'Message Ana Ruiz' })).toBeInTheDocument();
  });

  it('edits the client in the form and reads it again', async () => {
    let current = ana;
    const { user, fetchMock } = await openPage({
      api: {
        'GET /api/clients/c-ana': () => jsonResponse(200, current),
        'PATCH /api/clients/c-ana': ({ body }) => {
          current = { ...current, ...(body as Partial<Client>) };
          return jsonResponse(200, current);
        },
      },
    });
    await findPageHeading('Ana Ruiz');
    await user.click(control('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.click(name);
    await user.paste('Ana Ruiz-Cole');
    await user.click(control('Save Changes', dialog));
    expect(await within(toastRegion()).findByText('Client updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/clients/c-ana')[0]!.body).toMatchObject({ name: 'Ana Ruiz-Cole' });
    await findPageHeading('Ana Ruiz-Cole');
  });

  it('deletes after "Are you sure?" and goes back to the clients', async () => {
    const { user, router, fetchMock } = await openPage({
      api: {
        'DELETE /api/clients/c-ana': () => emptyResponse(204),
        'GET /api/clients?*': () => jsonResponse(200, { clients: [], nextCursor: null, total: 0 }),
        'GET /api/client-invitations': () => jsonResponse(200, []),
      },
    });
    await findPageHeading('Ana Ruiz');
    await user.click(control('Delete'));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent("This will permanently delete Ana Ruiz's information");
    await user.click(control('Delete', confirm));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(callsTo(fetchMock, 'DELETE /api/clients/c-ana')).toHaveLength(1);
    expect(await within(toastRegion()).findByText('Client deleted successfully')).toBeInTheDocument();
  });

  it("checks for a review and says what Google's answer was", async () => {
    const check: ReviewCheck = {
      hasReview: true,
      message: 'Found a review from Ana Ruiz.',
      client: { ...ana, reviewStatus: 'submitted' },
    };
    const { user } = await openPage({
      api: { 'POST /api/clients/c-ana/check-review': () => jsonResponse(200, check) },
    });
    await findPageHeading('Ana Ruiz');
    await user.click(control('Check Review', regionByHeading('Review Status')));
    expect(await within(toastRegion()).findByText('Found a review from Ana Ruiz.')).toBeInTheDocument();
  });

  it('says when the client is not found (another agent, a deleted client, a wrong link)', async () => {
    await openPage({
      api: { 'GET /api/clients/c-ana': () => jsonResponse(404, { message: 'Client not found', code: 'NOT_FOUND' }) },
    });
    expect(await screen.findByText('Client not found', { selector: 'h2' })).toBeInTheDocument();
    expect(control('Back to your clients', document.body, 'link')).toHaveAttribute('href', '/clients');
  });

  it('offers to try again when the client could not be loaded', async () => {
    let fail = true;
    const { user } = await openPage({
      api: {
        'GET /api/clients/c-ana': () =>
          fail ? jsonResponse(500, { message: 'Internal error' }) : jsonResponse(200, ana),
      },
    });
    expect(await screen.findByText(/This client could not be loaded right now/)).toBeInTheDocument();
    fail = false;
    await user.click(control('Try again'));
    await findPageHeading('Ana Ruiz');
  });

  it('says it is loading while the client is read', async () => {
    await openPage({ api: { 'GET /api/clients/c-ana': () => new Promise<Response>(() => undefined) } });
    expect(await screen.findByLabelText('Loading client')).toHaveAttribute('role', 'status');
  });
});
