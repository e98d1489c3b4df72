// Names in our mail are data: an account or client name reaches a transactional or client e-mail defanged (no link a
// mail client would make of it), escaped in HTML, on one line; every subject is one line.
import { setEmailVerified } from '../testing/factories';
import { newAgent, signedInAgent, startTestApi, type TestApi } from '../testing/local-api';
import { sendAlreadyConnectedEmail } from './client-emails';
import { sendEmail } from './mail';
import type { OutboxMessage } from './outbox';

const HOSTILE = 'Eve https://evil.example/login\nwww.evil.example <a href="https://evil.example">click</a>';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

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
