// Names in our mail are data: an account or client name reaches a transactional or client e-mail defanged (no link a
// mail client would make of it), escaped in HTML, on one line; every subject is one line.
import { composeAgentEmail } from '../domain/client-message';
import { buildDigest, digestEmail } from '../domain/reminder-digest';
import { sendMonthlySummary } from '../services/monthly-summary';
import { agentItem, setEmailVerified } from '../testing/factories';
import { newAgent, signedInAgent } from '../testing/local-api';
import { sendAccountClosedEmail } from './account-emails';
import { sendPaymentFailedEmail } from './billing-emails';
import { sendAlreadyConnectedEmail, sendInvitationEmail, sendPlanFullNotice } from './client-emails';
import { sendEmail } from './mail';
import type { OutboxMessage } from './outbox';
import { reviewRequestEmail, reviewRequestText } from './review-request';
import { sendSupportConfirmation, sendSupportReply } from './support-emails';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

const HOSTILE = 'Eve https://evil.example/login\nwww.evil.example <a href="https://evil.example">click</a>';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const lastMailTo = async (email: string): Promise<OutboxMessage> => {
  const mail = (await api.outbox()).filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`nothing mailed to ${email}`);
  return mail;
};

/** The mail carries the name as data only: nothing linkable, no markup of its own, no line break in the subject. */
function expectDefanged(mail: OutboxMessage) {
  const everything = `${mail.subject}\n${mail.text}\n${mail.html}`;
  expect(everything).not.toMatch(/evil\.example|https:\/\/evil|<a href="https:\/\/evil/);
  expect(mail.html).not.toContain('<a href="https://evil');
  expect(mail.subject).not.toMatch(/[\r\n\t]/);
}

describe('hostile names in our mail', () => {
  it('the verification e-mail greets a hostile account name defanged', async () => {
    const details = newAgent({ fullName: HOSTILE });
    expect((await api.client().post('/api/register', details)).status).toBe(201);
    const mail = await lastMailTo(details.username);
    expectDefanged(mail);
    expect(mail.text).toContain('Hi Eve https[:]//evil[.]example/login www[.]evil[.]example');
    expect(mail.html).toContain('&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;');
  });

  it('the password reset e-mail greets a hostile account name defanged', async () => {
    const details = newAgent({ fullName: HOSTILE });
    await api.client().post('/api/register', details);
    await api.client().post('/api/password-reset/request', { username: details.username });
    const mail = await lastMailTo(details.username);
    expect(mail.subject).toBe('Reset your Hearthside password');
    expectDefanged(mail);
  });

  it('an invitation names a hostile agent and client defanged, subject on one line', async () => {
    const { client, user } = await signedInAgent(api, { fullName: HOSTILE });
    await setEmailVerified(user.id);
    const email = `invitee-${Date.now()}@example.com`;
    expect((await client.post('/api/client-invitations', { name: HOSTILE, email })).status).toBe(201);
    const mail = await lastMailTo(email);
    expectDefanged(mail);
    expect(mail.subject).toMatch(
      /^Eve https\[:\]\/\/evil\[\.\]example\/login www\[\.\]evil\[\.\]example .* invited you/,
    );
  });

  it('"already connected" names the agent and client defanged, and the submitted details too', async () => {
    const email = `known-${Date.now()}@example.com`;
    await sendAlreadyConnectedEmail(
      { name: HOSTILE, email },
      { fullName: HOSTILE, username: 'agent@example.com' },
      'token',
      [['Name', HOSTILE]],
    );
    const mail = await lastMailTo(email);
    expectDefanged(mail);
    expect(mail.subject).toMatch(/^You're already connected with Eve https\[:\]\/\/evil\[\.\]example\/login/);
  });

  it('every subject has its white space collapsed to single spaces on one line', async () => {
    const email = `subject-${Date.now()}@example.com`;
    await sendEmail({
      to: email,
      subject: ' Hello\r\n\tBcc: x@evil.example \u2028 there ',
      text: 't',
      html: '<p>t</p>',
    });
    expect((await lastMailTo(email)).subject).toBe('Hello Bcc: x@evil.example there');
  });
});

// One of each kind a name can take: a bare domain, a URL, a line break that could start a header line, markup. Each
// leads with the hostile part, since several mails greet by the first word of a name.
const HOSTILE_NAMES = [
  'www.evil.example Eve',
  'http://x.y Eve',
  'Eve\nBcc: www.evil.example',
  '<a href="http://x.y">Eve</a>',
];

/** Nothing linkable, no markup and no line of its own: what any of HOSTILE_NAMES may leave in a mail. */
function expectNoHostilePart(mail: OutboxMessage) {
  const everything = `${mail.subject}\n${mail.text}\n${mail.html}`;
  expect(everything).not.toMatch(/evil\.example|http:\/\/x|\nBcc/);
  expect(mail.html).not.toMatch(/<a href="http:\/\/x|<a href="http\[:\]/);
  expect(mail.subject).not.toMatch(/[\r\n\t]/);
}

let sent = 0;
const inbox = () => {
  sent += 1;
  return `hostile-${Date.now()}-${sent}@example.com`;
};

describe.each(HOSTILE_NAMES)('every mail that carries a name, with the name %j', (hostile) => {
  const agent = () => ({ id: 'agent-1', fullName: hostile, username: inbox(), businessName: hostile });

  it('the invitation (agent, business and client names)', async () => {
    const to = inbox();
    await sendInvitationEmail({ name: hostile, email: to }, agent(), 'token');
    expectNoHostilePart(await lastMailTo(to));
  });

  it('the notice that a client could not join a full plan', async () => {
    const sender = agent();
    await sendPlanFullNotice(sender, { name: hostile, email: 'www.evil.example@example.com' });
    expectNoHostilePart(await lastMailTo(sender.username));
  });

  it('"already connected" and the pending registration confirmation', async () => {
    for (const pending of [false, true]) {
      const to = inbox();
      await sendAlreadyConnectedEmail({ name: hostile, email: to }, agent(), 'token', [['Name', hostile]], pending);
      expectNoHostilePart(await lastMailTo(to));
    }
  });

  it('the review request (client, agent and business names)', async () => {
    const to = inbox();
    const request = reviewRequestEmail(hostile, agent(), 'https://g.page/r/x');
    const unsubscribe = 'https://app.example.com/unsubscribe#token=t';
    await sendEmail({ to, ...composeAgentEmail(agent(), request.subject, request.body, unsubscribe, request.html) });
    expectNoHostilePart(await lastMailTo(to));
    expect(reviewRequestText(hostile, agent(), 'https://g.page/r/x')).not.toMatch(/evil\.example|https:\/\/evil/);
  });

  it('a client message from the agent (display name, footer)', async () => {
    const to = inbox();
    const composed = composeAgentEmail(
      { fullName: hostile, username: 'agent@example.com', businessName: hostile, businessLocation: hostile },
      'Hello',
      'Body',
      'https://app.example.com/unsubscribe#token=t',
    );
    expect(composed.fromName).not.toMatch(/evil\.example|http:\/\/|[\r\n]/);
    await sendEmail({ to, ...composed });
    expectNoHostilePart(await lastMailTo(to));
  });

  it('the daily digest to the agent (agent and client names)', async () => {
    const to = inbox();
    const date = '2026-05-10';
    const digest = buildDigest(
      [
        { id: 'c1', name: hostile, birthday: '1980-05-10' },
        { id: 'c2', name: hostile, birthday: '1980-05-12' },
      ],
      date,
      7,
    );
    expect(digest.today).toHaveLength(1);
    expect(digest.upcoming).toHaveLength(1);
    await sendEmail({ to, ...digestEmail(digest, { agentName: hostile, appUrl: 'https://app.example.com' }) });
    expectNoHostilePart(await lastMailTo(to));
  });

  it('the monthly summary', async () => {
    const stored = await agentItem();
    const hostileAgent = { ...stored, fullName: hostile, isPro: true };
    expect(await sendMonthlySummary(hostileAgent, '2026-06-01')).toBe('sent');
    expectNoHostilePart(await lastMailTo(stored.username));
  });

  it('the close-account confirmation', async () => {
    const closed = agent();
    await sendAccountClosedEmail(closed);
    expectNoHostilePart(await lastMailTo(closed.username));
  });

  it('the failed Pro payment notice', async () => {
    const payer = agent();
    await sendPaymentFailedEmail(payer, '$19.00', undefined);
    expectNoHostilePart(await lastMailTo(payer.username));
  });

  it('the support confirmation and reply (agent, subject and author)', async () => {
    const request = { agentName: hostile, agentEmail: inbox(), subject: hostile, priority: 'pro' as const };
    await sendSupportConfirmation(request);
    expectNoHostilePart(await lastMailTo(request.agentEmail));
    await sendSupportReply(request, { author: hostile, text: 'Fixed.' }, true);
    expectNoHostilePart(await lastMailTo(request.agentEmail));
  });
});
