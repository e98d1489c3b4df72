// Client replies by e-mail, end to end: the agent's e-mail carries the reply address, a raw reply written to the
// inbound folder (watched as the local runtime watches it) is received as SES would deliver it, and joins the client's
// activity; what is not a client's reply to a real reply address is dropped with a log line and leaves nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mintReplyToken, replyAddressKey } from '../domain/reply-address';
import { receivedEmailKey, storeInboundEmail } from '../integrations/inbound-mail';
import { s3 } from '../integrations/storage';
import { deliverInboundEmail } from '../local/inbound-email-job';
import { clientInput } from '../testing/factories';
import { signedInAgent, type ApiClient } from '../testing/local-api';
import { captureOutput, type OutputLine } from '../testing/output';
import { emailedClient } from '../testing/sending';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, inboundEmail: true });

const FIXTURE_TOKEN = 'afixturetokenfixturetokenfixturetokenfqa';
const fixture = (name: string) =>
  readFileSync(join(__dirname, '..', 'testing', 'fixtures', 'inbound-email', `${name}.eml`), 'latin1');

/** An agent, a client and the Reply-To of the e-mail the agent sent them. */
async function agentWhoWrote() {
  const agent = await signedInAgent(api);
  // The address the Gmail fixture's reply comes from: a reply from another address is marked (see below).
  const { clientId, email, replyTo } = await emailedClient(
    api,
    agent.client,
    { name: 'Maria Lopez', email: 'maria.lopez.atx@gmail.example' },
    { subject: 'Would Thursday work?', body: 'Hi Maria, would Thursday work for the second viewing?' },
  );
  const token = /<r-([a-z2-7]+)@reply\.localhost>$/.exec(replyTo)![1]!;
  return { ...agent, clientId, email, replyTo, token };
}

/** Writes a raw mail into the inbound folder (under a dot name, then renamed: never read half-written). */
async function receive(raw: string): Promise<string> {
  const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
  const partial = join(api.inboundEmailDir, `.${name}`);
  await writeFile(partial, raw, 'latin1');
  await rename(partial, join(api.inboundEmailDir, name));
  return name;
}

/** Resolves once the runtime has handled the file (it leaves the folder when handled). */
async function handled(name: string): Promise<void> {
  const file = join(api.inboundEmailDir, name);
  for (let i = 0; i < 300 && existsSync(file); i += 1) await new Promise((done) => setTimeout(done, 50));
  if (existsSync(file)) throw new Error(`${name} was not handled`);
  const failed = (await readdir(api.inboundEmailDir)).filter((f) => f.startsWith('.failed-'));
  if (failed.length) throw new Error(`inbound e-mail failed: ${failed.join(', ')}`);
}

const activityOf = async (client: ApiClient, clientId: string) =>
  (await client.get(`/api/clients/${clientId}/messages`)).body;

async function inboundObjects(): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: 'hearthside-uploads', Prefix: 'inbound-email/' }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** The job's log lines while `fn` runs (the tests run with LOG_LEVEL=silent otherwise). */
async function logsOf(fn: () => Promise<void>): Promise<OutputLine[]> {
  return (await captureOutput({ LOG_LEVEL: 'info' }, fn)).filter((line) => line.job === 'inbound-email');
}

describe('the reply address', () => {
  it("is the Reply-To of a client e-mail: the agent's name at r-<token>@<the inbound domain>", async () => {
    const { replyTo, details, token } = await agentWhoWrote();
    expect(replyTo).toBe(`"${details.fullName}" <r-${token}@reply.localhost>`);
    expect(token.length).toBeLessThanOrEqual(53);
  });

  it('differs per client, and names neither the client nor the agent', async () => {
    const first = await agentWhoWrote();
    const created = await first.client.post('/api/clients', clientInput({ name: 'Tom Becker' }));
    await first.client.post(`/api/clients/${created.body.id}/messages`, {
      channel: 'email',
      subject: 'Hello Tom',
      body: 'Hi Tom',
    });
    const other = (await api.outbox()).find((m) => m.to === created.body.email)!.headers!['Reply-To']!;
    expect(other).not.toContain(first.token);
    for (const personal of [first.email, first.details.username, 'maria', first.clientId.toLowerCase()])
      expect(first.token).not.toContain(personal.toLowerCase());
  });
});

describe('a client e-mail reply', () => {
  it("joins the client's activity: inbound, by e-mail, its subject, the new text only, when it arrived", async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const before = Date.now();
    await handled(await receive(fixture('gmail-quoted').replaceAll(FIXTURE_TOKEN, token)));
    const { activity, lastContactDate } = await activityOf(client, clientId);
    const reply = activity.find((a: { direction?: string }) => a.direction === 'inbound');
    expect(reply).toMatchObject({
      type: 'message',
      direction: 'inbound',
      channel: 'email',
      subject: 'Re: Would Thursday work?',
      body: 'Thursday works for me, 5pm at the Elm Street house.\nSee you there!\n\nMaria',
      status: 'received',
    });
    expect(Date.parse(reply.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(lastContactDate).toBe(reply.at);
    const outbound = activity.find((a: { direction?: string }) => a.direction === 'outbound');
    expect(outbound).toMatchObject({ channel: 'email', subject: 'Would Thursday work?' });
    // The agent's inbox: the conversation on top, unread, its last message the reply.
    const inbox = (await client.get('/api/conversations')).body;
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.conversations[0]).toMatchObject({
      clientId,
      clientName: 'Maria Lopez',
      unread: true,
      lastMessage: { direction: 'inbound', channel: 'email', at: reply.at },
    });
    expect(inbox.conversations[0].lastMessage.excerpt).toContain('Thursday works for me');
    const unread = (await client.get('/api/conversations?filter=unread')).body;
    expect(unread.conversations.map((c: { clientId: string }) => c.clientId)).toEqual([clientId]);
  });

  it("from another address than the client's, or failing SPF, DKIM or DMARC: joins the thread marked", async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const messageId = `verdicts-${randomBytes(4).toString('hex')}`;
    await storeInboundEmail(
      receivedEmailKey(messageId)!,
      Buffer.from(fixture('gmail-quoted').replaceAll(FIXTURE_TOKEN, token), 'latin1'),
    );
    const receipt = { recipients: [`r-${token}@reply.localhost`], dmarcVerdict: { status: 'FAIL' } };
    const event = { Records: [{ eventSource: 'aws:ses', ses: { mail: { messageId }, receipt } }] };
    expect(await deliverInboundEmail(event)).toEqual(['recorded']);
    await handled(await receive(fixture('plain-text').replaceAll(FIXTURE_TOKEN, token)));
    const { activity, lastContactDate } = await activityOf(client, clientId);
    const problems = activity
      .filter((a: { direction?: string }) => a.direction === 'inbound')
      .map((a: { problem: string | null }) => a.problem);
    expect(problems.sort()).toEqual([
      "This reply did not come from the client's address (it came from anna.keller@fastmail.example).",
      'This reply failed the sender checks (DMARC): it may not be from the client.',
    ]);
    // Neither moves Last Contact (the agent's e-mail did).
    expect(lastContactDate).toBe(activity.find((a: { direction?: string }) => a.direction === 'outbound').at);
  });

  it('in HTML only, and quoted by Outlook: text, without markup or the quoted message', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    await handled(await receive(fixture('html-only').replaceAll(FIXTURE_TOKEN, token)));
    await handled(await receive(fixture('outlook-original-message').replaceAll(FIXTURE_TOKEN, token)));
    const bodies = (await activityOf(client, clientId)).activity
      .filter((a: { direction?: string }) => a.direction === 'inbound')
      .map((a: { body: string }) => a.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        'Hi Jane,\n\nWe’re ready to list the condo in March & would love your help.\n\nBob',
        'Thanks Jane – same to you and your family.\n\nSusan',
      ]),
    );
  });

  it('a reply holding a 32,000-character line full of " on " and " at " (no "wrote:") arrives whole', async () => {
    // A backtracking reply parser is cubic on such a line (minutes); this one is linear (domain/reply-text.ts).
    const { client, clientId, token } = await agentWhoWrote();
    const line = 'Viewing on Friday at noon, then on Saturday at ten, '.repeat(640).slice(0, 32_000).trim();
    const raw = fixture('plain-text')
      .replaceAll(FIXTURE_TOKEN, token)
      .replace('Could we look at the house on Elm Street next week?', line);
    await handled(await receive(raw));
    const reply = (await activityOf(client, clientId)).activity.find(
      (a: { direction?: string }) => a.direction === 'inbound',
    );
    expect(reply.body.startsWith('Thank you so much, Jane!')).toBe(true);
    // The activity keeps the first 10,000 characters of a reply; the original keeps it all.
    expect(reply.body).toContain('Viewing on Friday at noon, then on Saturday at ten,');
    expect(reply.body).toHaveLength(10_000);
  });

  it('keeps the original, which the agent opens through a short-lived link (404 to another agent) until the client is deleted', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const raw = fixture('outlook-quoted').replaceAll(FIXTURE_TOKEN, token);
    await handled(await receive(raw));
    const { activity } = await activityOf(client, clientId);
    const reply = activity.find((a: { direction?: string }) => a.direction === 'inbound');
    const outbound = activity.find((a: { direction?: string }) => a.direction === 'outbound');
    const res = await client.get(`/api/clients/${clientId}/messages/${reply.id}/original`);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
    const download = await fetch(res.body.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString('latin1')).toBe(raw);

    const stranger = await signedInAgent(api);
    // Kept while the client is; erased with them.
    const kept = await inboundObjects();
    expect((await stranger.client.get(`/api/clients/${clientId}/messages/${reply.id}/original`)).status).toBe(404);
    // A message the agent sent has no original; an unknown id names none; a malformed one is refused.
    for (const id of [outbound.id, 'no-such-message', 'a.b']) {
      const missing = await client.get(`/api/clients/${clientId}/messages/${id}/original`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('NOT_FOUND');
    }
    const malformed = await client.get(`/api/clients/${clientId}/messages/${'x'.repeat(300)}/original`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_PATH_PARAMETER');
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const left = await inboundObjects();
    expect(kept.length - left.length).toBe(1);
    expect((await fetch(res.body.url)).status).toBe(404);
  });
});

describe('what is dropped', () => {
  it('a forged token (signed with another key): rejected unread, one log line, nothing stored, the raw copy left to expire', async () => {
    const { client, clientId, user } = await agentWhoWrote();
    const forged = mintReplyToken(replyAddressKey(randomBytes(32)), user.id, clientId);
    const objectsBefore = await inboundObjects();
    const lines = await logsOf(async () =>
      handled(await receive(fixture('forged-token').replaceAll('aforgedtokenforgedtokenforgedtokenforga', forged))),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ rejected: true });
    expect(lines[0]!.message).toContain('unknown or forged reply token');
    const { activity } = await activityOf(client, clientId);
    expect(activity.filter((a: { direction?: string }) => a.direction === 'inbound')).toEqual([]);
    // Where SES stored it (the bucket's lifecycle deletes it after 30 days); nothing kept as an original.
    const added = (await inboundObjects()).filter((key) => !objectsBefore.includes(key));
    expect(added).toEqual([expect.stringMatching(/^inbound-email\/received\/[\w.-]+$/)]);
    expect((await client.get('/api/conversations')).body.unreadTotal).toBe(0);
  });

  it('mail for no valid reply address is rejected before it is read: its token is checked on the envelope', async () => {
    // No object is stored for these ids: a job that read the mail first would answer 'missing'.
    const event = (recipient: string) => ({
      Records: [
        {
          eventSource: 'aws:ses',
          ses: {
            mail: { messageId: `unread-${randomBytes(4).toString('hex')}`, timestamp: new Date().toISOString() },
            receipt: { recipients: [recipient], virusVerdict: { status: 'PASS' } },
          },
        },
      ],
    });
    expect(await deliverInboundEmail(event('anyone@reply.localhost'))).toEqual(['no-token']);
    const forged = `r-${'a'.repeat(40)}@reply.localhost`;
    expect(await deliverInboundEmail(event(forged))).toEqual(['forged']);
  });

  it("another agent's valid token moved onto this client: dropped", async () => {
    const mine = await agentWhoWrote();
    const theirs = await agentWhoWrote();
    // Their signature with my client's id: verifies for nobody.
    const spliced = theirs.token.slice(0, 14) + mine.token.slice(14);
    await handled(await receive(fixture('plain-text').replaceAll(FIXTURE_TOKEN, spliced)));
    for (const { client, clientId } of [mine, theirs]) {
      const { activity } = await activityOf(client, clientId);
      expect(activity.filter((a: { direction?: string }) => a.direction === 'inbound')).toEqual([]);
    }
  });

  it('an out-of-office answer to a real reply address: not stored, its raw copy deleted', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const objectsBefore = await inboundObjects();
    await handled(await receive(fixture('auto-reply').replaceAll(FIXTURE_TOKEN, token)));
    const { activity } = await activityOf(client, clientId);
    expect(activity.filter((a: { direction?: string }) => a.direction === 'inbound')).toEqual([]);
    expect(await inboundObjects()).toEqual(objectsBefore);
  });

  it('a reply to a client deleted since: rejected unread (its reply address went with it), no original kept', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const objectsBefore = await inboundObjects();
    await handled(await receive(fixture('plain-text').replaceAll(FIXTURE_TOKEN, token)));
    const added = (await inboundObjects()).filter((key) => !objectsBefore.includes(key));
    expect(added).toEqual([expect.stringMatching(/^inbound-email\/received\//)]);
  });

  it('what SES would not send, a virus and a vanished object: refused without storing anything', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const event = (messageId: string, virus = 'PASS') => ({
      Records: [
        {
          eventSource: 'aws:ses',
          ses: {
            mail: { messageId, timestamp: new Date().toISOString() },
            receipt: { recipients: [`r-${token}@reply.localhost`], virusVerdict: { status: virus } },
          },
        },
      ],
    });
    const infected = `virus-${randomBytes(4).toString('hex')}`;
    await storeInboundEmail(
      receivedEmailKey(infected)!,
      Buffer.from(fixture('plain-text').replaceAll(FIXTURE_TOKEN, token), 'latin1'),
    );
    expect(await deliverInboundEmail(event(infected, 'FAIL'))).toEqual(['virus']);
    expect(await inboundObjects()).not.toContain(receivedEmailKey(infected));
    expect(await deliverInboundEmail(event('../uploads/secret'))).toEqual(['malformed']);
    expect(await deliverInboundEmail(event('never-stored'))).toEqual(['missing']);
    const { activity } = await activityOf(client, clientId);
    expect(activity.filter((a: { direction?: string }) => a.direction === 'inbound')).toEqual([]);
  });

  it('the same SES delivery twice (a retried invocation): taken in once', async () => {
    const { client, clientId, token } = await agentWhoWrote();
    const messageId = `retried-${randomBytes(4).toString('hex')}`;
    const raw = fixture('plain-text').replaceAll(FIXTURE_TOKEN, token);
    await storeInboundEmail(receivedEmailKey(messageId)!, Buffer.from(raw, 'latin1'));
    const mail = { messageId, timestamp: new Date().toISOString() };
    const event = {
      Records: [{ eventSource: 'aws:ses', ses: { mail, receipt: { recipients: [`r-${token}@reply.localhost`] } } }],
    };
    expect(await deliverInboundEmail(event)).toEqual(['recorded']);
    // Taken in, the received copy is gone: the same event again finds nothing to take.
    expect(await deliverInboundEmail(event)).toEqual(['missing']);
    // A retry after an attempt that recorded the reply but stopped before deleting the received copy: taken in once.
    await storeInboundEmail(receivedEmailKey(messageId)!, Buffer.from(raw, 'latin1'));
    expect(await deliverInboundEmail(event)).toEqual(['recorded']);
    const { activity } = await activityOf(client, clientId);
    expect(activity.filter((a: { direction?: string }) => a.direction === 'inbound')).toHaveLength(1);
  });
});
