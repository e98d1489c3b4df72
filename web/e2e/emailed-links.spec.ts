// Every link the product e-mails or texts, opened in the browser through the local server (the
// stack's twin: CloudFront's viewer-request function picks each page as in AWS) lands on its page:
// e-mail verification, password reset, a client invitation, a directory registration's
// confirmation, a client e-mail's unsubscribe link and its List-Unsubscribe URI, and the review
// request's tracked link to Google (e-mail and text; Google's page is stood in for, the suite stays offline).
import { expect, outbox, registerRealtorViaApi, test, verificationLink, verifyEmailOf } from './support/fixtures';
import { textablePhone } from '../../functions/testing/phones';

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const GOOGLE_REVIEW = `https://search.google.com/local/writereview?placeid=${PLACE_ID}`;

test('every e-mailed and texted link opens its page through the edge', async ({ page, request, baseURL }) => {
  const headers = { origin: baseURL! };
  const opens = async (link: string, heading: string) => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };
  // The agent works through the API (its own cookies); the page is a visitor opening its mail.
  const agent = await registerRealtorViaApi(request, 'Rivera Home Group', { prefix: 'links', verified: false });
  const agentId = agent.user.id;

  // Opened signed out, the link asks for the account's sign-in (verification belongs to whoever holds the password);
  // the agent then verifies with its own session, as the page's button does.
  await opens(await verificationLink(agent.email), 'Verify your e-mail');
  await verifyEmailOf(request, agent.email);

  const reset = await request.post('/api/password-reset/request', { data: { username: agent.email }, headers });
  expect(reset.ok(), await reset.text()).toBe(true);
  await opens(await outbox.latestLink(agent.email, /https?:\/\/\S+\/reset-password#token=\S+/), 'Reset Password');

  const invitee = `invited-${Date.now()}@example.com`;
  const invited = await request.post('/api/client-invitations', {
    data: { name: 'Ivy Invited', email: invitee },
    headers,
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await opens(
    await outbox.latestLink(invitee, /https?:\/\/\S+\/client-registration#token=\S+/),
    'Complete Your Profile',
  );

  // Noon for the client (texts go only 8:00–21:00 there), who agreed to texts (the agent attests it below).
  const offset = ((12 - new Date().getUTCHours() + 36) % 24) - 12;
  const client = {
    name: 'Robin Linked',
    email: `robin-${Date.now()}@example.com`,
    phone: textablePhone(String(Date.now())),
    timeZone: offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
  };
  const created = await request.post('/api/clients', { data: client, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const clientId = ((await created.json()) as { id: string }).id;
  const consent = await request.patch(`/api/clients/${clientId}`, { data: { smsConsent: 'granted' }, headers });
  expect(consent.ok(), await consent.text()).toBe(true);

  // A visitor registers in the directory with an e-mail the agent already has: a confirmation link goes to it.
  const again = await page.request.post('/api/client-registration', {
    data: { agentId, name: client.name, email: client.email, phone: '(555) 666-7777' },
    headers,
  });
  expect(again.ok(), await again.text()).toBe(true);
  await opens(
    await outbox.latestLink(client.email, /https?:\/\/\S+\/client-registration\/confirm#token=\S+/),
    'Confirm Your Details',
  );

  const business = await request.patch('/api/user/business', {
    data: { businessName: 'Rivera Home Group', businessLocation: 'Austin, TX', googlePlaceId: PLACE_ID },
    headers,
  });
  expect(business.ok(), await business.text()).toBe(true);
  await page.route('https://search.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Google</title><h1>Write a review</h1>' }),
  );
  const asked = await request.post(`/api/clients/${clientId}/request-review`, { data: {}, headers });
  expect(asked.ok(), await asked.text()).toBe(true);
  const digits = client.phone.replace(/\D/g, '').slice(-10);
  const sent = (await outbox.messages()).filter((m) =>
    m.channel === 'email' ? m.to === client.email : m.to.replace(/\D/g, '').endsWith(digits),
  );
  for (const channel of ['email', 'sms'] as const) {
    const links = sent
      .filter((m) => m.channel === channel)
      .map((m) => /https?:\/\/\S+\/r\/[A-Za-z0-9_-]+/.exec(m.text)?.[0]);
    const link = links.find(Boolean);
    expect(link, `the tracked review link by ${channel}`).toBeTruthy();
    // The tracked link (through the edge, as /r/* goes to the API) records the opening and redirects to Google's
    // write-a-review page; the browser then opens that page (a route stands in only for a request's first URL, so it is
    // opened by its own address).
    const opened = await request.get(link!, { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toBe(GOOGLE_REVIEW);
    await opens(opened.headers().location!, 'Write a review');
  }

  const mailed = await request.post(`/api/clients/${clientId}/messages`, {
    data: { channel: 'email', subject: 'Hello', body: 'A note.' },
    headers,
  });
  expect(mailed.ok(), await mailed.text()).toBe(true);
  await opens(await outbox.latestLink(client.email, /https?:\/\/\S+\/unsubscribe#token=\S+/), 'Stop these e-mails?');
  const mail = (await outbox.messages()).filter((m) => m.to === client.email && m.subject === 'Hello').at(-1)!;
  const listUnsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  expect(listUnsubscribe, 'a List-Unsubscribe URI').toBeTruthy();
  await opens(listUnsubscribe!, 'Stop these e-mails?');
});
