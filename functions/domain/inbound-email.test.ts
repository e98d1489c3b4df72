import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseInboundEmail, replySenderProblem } from './inbound-email';
import { replyAddressKey, verifyReplyToken } from './reply-address';

const DOMAIN = 'reply.localhost';
const FIXTURE_TOKEN = 'afixturetokenfixturetokenfixturetokenfqa';
const fixture = (name: string) =>
  readFileSync(join(__dirname, '..', 'testing', 'fixtures', 'inbound-email', `${name}.eml`));
const parse = (name: string, recipients?: string[]) => parseInboundEmail(fixture(name), DOMAIN, recipients);

describe('an inbound e-mail', () => {
  it('in plain text (quoted-printable UTF-8): the text without its "-- " signature, the token, sender and ids', async () => {
    const mail = await parse('plain-text');
    expect(mail).toEqual({
      token: FIXTURE_TOKEN,
      from: 'anna.keller@fastmail.example',
      subject: 'Re: Happy birthday!',
      text: 'Thank you so much, Jane! The café voucher is a lovely idea.\n\nCould we look at the house on Elm Street next week?',
      messageId: '<e3b1c2d4-5f60-4a7b-8c9d-0e1f2a3b4c5d@fastmail.example>',
      inReplyTo: null,
      autoSubmitted: false,
      date: new Date('2026-11-25T09:14:01Z'),
    });
  });

  it('in HTML only (base64): turned into text, markup and entities gone', async () => {
    const mail = await parse('html-only');
    expect(mail.text).toBe('Hi Jane,\n\nWe’re ready to list the condo in March & would love your help.\n\nBob');
    expect(mail.text).not.toMatch(/<|&amp;/);
    expect(mail.autoSubmitted).toBe(false);
  });

  it('a Gmail reply: the new text only, the wrapped "On … wrote:" and the quoted lines cut', async () => {
    const mail = await parse('gmail-quoted');
    expect(mail.text).toBe('Thursday works for me, 5pm at the Elm Street house.\nSee you there!\n\nMaria');
    expect(mail.inReplyTo).toBe('<0100019a5f2c3b4d-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9-000000@email.amazonses.com>');
    expect(mail.token).toBe(FIXTURE_TOKEN);
  });

  it('an Outlook reply: cut at the "From: … Sent: …" block', async () => {
    const mail = await parse('outlook-quoted');
    expect(mail.text).toContain('Five years already! We would like to talk about refinancing. Are you free on Monday?');
    expect(mail.text).not.toMatch(/From:|Sent:|congratulations|Subject:/);
    expect(mail.subject).toBe('RE: Your home anniversary');
    expect(mail.from).toBe('d.okafor@contoso.example');
  });

  it('an Outlook reply (windows-1252): cut at "-----Original Message-----"', async () => {
    const mail = await parse('outlook-original-message');
    expect(mail.text).toBe('Thanks Jane – same to you and your family.\n\nSusan');
  });

  it('an out-of-office answer (Auto-Submitted: auto-replied) is marked automatic', async () => {
    expect((await parse('auto-reply')).autoSubmitted).toBe(true);
  });

  it.each([['X-Autoreply: yes'], ['Precedence: auto_reply'], ['Auto-Submitted: auto-generated']])(
    'a mail with "%s" is automatic',
    async (header) => {
      const raw = fixture('plain-text').toString('utf8').replace('MIME-Version: 1.0', `${header}\r\nMIME-Version: 1.0`);
      expect((await parseInboundEmail(raw, DOMAIN)).autoSubmitted).toBe(true);
    },
  );

  it('a mail with "Auto-Submitted: no" is a person\'s', async () => {
    const raw = fixture('plain-text')
      .toString('utf8')
      .replace('MIME-Version: 1.0', 'Auto-Submitted: no\r\nMIME-Version: 1.0');
    expect((await parseInboundEmail(raw, DOMAIN)).autoSubmitted).toBe(false);
  });

  it('an "Out of Office" subject without the headers is automatic too', async () => {
    const raw = fixture('plain-text')
      .toString('utf8')
      .replace('Subject: Re: Happy birthday!', 'Subject: Out of Office: Re: Happy birthday!');
    expect((await parseInboundEmail(raw, DOMAIN)).autoSubmitted).toBe(true);
  });

  it('a forged token is read as written, and verifies for no agent', async () => {
    const mail = await parse('forged-token');
    expect(mail.token).toBe('aforgedtokenforgedtokenforgedtokenforga');
    expect(verifyReplyToken([replyAddressKey(randomBytes(32))], mail.token!, 'any-agent')).toBeNull();
  });

  it("takes the token from SES's envelope recipients first (a Bcc to our domain is not in the headers)", async () => {
    const mail = await parse('plain-text', ['someone@elsewhere.example', `r-${'b'.repeat(24)}@${DOMAIN}`]);
    expect(mail.token).toBe('b'.repeat(24));
  });

  it('has no token when no recipient is at our domain', async () => {
    expect((await parseInboundEmail(fixture('plain-text'), 'reply.example.com')).token).toBeNull();
  });
});

describe('whether a reply is the client’s', () => {
  it('is, from their address in any case, with no failed check (GRAY and PROCESSING_FAILED are no failure)', () => {
    expect(replySenderProblem(' Maria@Example.com', 'maria@example.com')).toBeUndefined();
    expect(
      replySenderProblem('maria@example.com', 'maria@example.com', { spf: 'GRAY', dkim: 'PROCESSING_FAILED' }),
    ).toBeUndefined();
  });

  it('may not be, from another address, or when a check failed (named)', () => {
    expect(replySenderProblem('x@example.com', 'maria@example.com')).toBe(
      "This reply did not come from the client's address (it came from x@example.com).",
    );
    expect(replySenderProblem('maria@example.com', null)).toMatch(/did not come from the client/);
    expect(replySenderProblem('maria@example.com', 'maria@example.com', { spf: 'FAIL', dmarc: 'fail' })).toBe(
      'This reply failed the sender checks (SPF, DMARC): it may not be from the client.',
    );
  });
});
