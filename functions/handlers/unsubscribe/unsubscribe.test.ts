import { getClientTombstone } from '../../data/client-tombstones';
import { unsubscribe } from '../../services/unsubscribe';
import { clientInput } from '../../testing/factories';
import { signedInAgent, allClients } from '../../testing/local-api';
import { emailClient } from '../../testing/sending';
import { UNSUBSCRIBE_MESSAGES } from './post-unsubscribe';
import { tampered } from '../../testing/tamper';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
beforeAll(async () => {
  api = await startHandlerApi();
});
afterAll(() => api.close());

/** An agent who e-mailed a client, and the one-click URL from that e-mail's List-Unsubscribe header. */
async function mailedClient() {
  const agent = await signedInAgent(api);
  const created = await agent.client.post('/api/clients', clientInput());
  const sent = await emailClient(agent.client, created.body.id);
  expect(sent.status).toBe(201);
  const mail = (await api.outbox()).find((m) => m.to === created.body.email)!;
  const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
  return {
    ...agent,
    clientId: created.body.id as string,
    email: created.body.email as string,
    oneClick,
    path: new URL(oneClick).pathname,
  };
}
const optedOut = async (client: Awaited<ReturnType<typeof mailedClient>>['client'], id: string) =>
  ((await allClients(client)) as Array<{ id: string; emailOptedOut: boolean }>).find((c) => c.id === id)!.emailOptedOut;

describe('GET /api/unsubscribe/{token} (the List-Unsubscribe URI opened as a link)', () => {
  it('sends the reader to the confirm page with the token in the fragment, and stops nothing', async () => {
    const { client, clientId, path } = await mailedClient();
    const token = path.split('/').pop()!;
    const res = await api.client().get(path, { noOrigin: true });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${api.url}/unsubscribe#token=${token}`);
    expect(await optedOut(client, clientId)).toBe(false);
  });
});

describe('POST /api/unsubscribe/{token}', () => {
  it('accepts the RFC 8058 one-click form POST from a mail provider (cross-site, no Origin), idempotently, and stops e-mail', async () => {
    const { client, clientId, path, details } = await mailedClient();
    const provider = api.client();
    const oneClick = () =>
      provider.request('POST', path, {
        noOrigin: true,
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      unsubscribed: true,
      agentName: details.fullName,
      message: UNSUBSCRIBE_MESSAGES.done(details.fullName),
    });
    expect((await oneClick()).status).toBe(200);
    expect(await optedOut(client, clientId)).toBe(true);
    const again = await emailClient(client, clientId, { subject: 'Hello', body: 'Again.' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('OPTED_OUT');
  });

  it('accepts JSON from the web page, and leaves texts alone', async () => {
    const { client, clientId, path } = await mailedClient();
    expect((await api.client().post(path, {})).status).toBe(200);
    const clients = (await allClients(client)) as Array<{
      id: string;
      emailOptedOut: boolean;
      smsOptedOut: boolean;
    }>;
    expect(clients.find((c) => c.id === clientId)).toMatchObject({ emailOptedOut: true, smsOptedOut: false });
  });

  it('answers 404 for a forged or altered token and changes nothing', async () => {
    const { client, clientId, path } = await mailedClient();
    const [header, payload, signature] = path.split('/').pop()!.split('.');
    const forged = `${header}.${payload}.${tampered(signature!)}`;
    for (const token of [forged, 'not-a-token', `${header}.${payload}`]) {
      const res = await api.client().post(`/api/unsubscribe/${token}`, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(UNSUBSCRIBE_MESSAGES.invalid);
    }
    expect(await optedOut(client, clientId)).toBe(false);
  });

  it('links the e-mail to the confirm page with the token in the fragment, as every other e-mailed link', async () => {
    const { oneClick } = await mailedClient();
    const mail = (await api.outbox()).find((m) => m.headers?.['List-Unsubscribe'] === `<${oneClick}>`)!;
    const visible = /Unsubscribe: (\S+)/.exec(mail.text)![1]!;
    expect(visible).toBe(`${api.url}/unsubscribe#token=${oneClick.split('/').pop()}`);
  });

  it('refuses other body types (415)', async () => {
    const { path } = await mailedClient();
    const res = await api
      .client()
      .request('POST', path, { body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
  });
});

describe('the unsubscribe link of a client deleted or merged away (a tombstone kept 30 days)', () => {
  const DAY_MS = 86_400_000;
  const tokenOf = (path: string) => path.split('/').pop()!;
  const doneFor = (fullName: string) => ({
    unsubscribed: true,
    agentName: fullName,
    message: UNSUBSCRIBE_MESSAGES.done(fullName),
  });

  it("records a deleted client's opt-out against the address, answering as for a live client: the address added again starts opted out", async () => {
    // Prepare
    const { client, clientId, email, path, details } = await mailedClient();
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);

    // Act
    const res = await api.client().post(path, {});
    const again = await client.post('/api/clients', clientInput({ email }));

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual(doneFor(details.fullName));
    expect(again.status).toBe(201);
    expect(again.body.emailOptedOut).toBe(true);
    const sent = await emailClient(client, again.body.id, { subject: 'Hello again', body: 'Checking in.' });
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe('OPTED_OUT');
  });

  it("records a deleted client's opt-out for the address imported again", async () => {
    // Prepare
    const { client, clientId, email, path } = await mailedClient();
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    expect((await api.client().post(path, {})).status).toBe(200);
    const form = new FormData();
    const row = `name,email,phone\nBack Again,${email},5125550142\n`;
    form.append('file', new Blob([row], { type: 'text/csv' }), 'clients.csv');

    // Act
    const imported = await client.request('POST', '/api/clients/import', { body: form });

    // Assess
    expect(imported.body).toMatchObject({ imported: 1, errors: [] });
    const clients = (await allClients(client)) as Array<{ email: string; emailOptedOut: boolean }>;
    expect(clients.find((c) => c.email === email)?.emailOptedOut).toBe(true);
  });

  it('opts out the client a merged-away client went into', async () => {
    // Prepare
    const { client, clientId, path, details } = await mailedClient();
    const survivor = await client.post('/api/clients', clientInput());
    const merged = await client.post('/api/clients/merge', { keepId: survivor.body.id, mergeId: clientId });
    expect(merged.status).toBe(200);
    expect(await optedOut(client, survivor.body.id)).toBe(false);

    // Act
    const res = await api.client().post(path, {});

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual(doneFor(details.fullName));
    expect(await optedOut(client, survivor.body.id)).toBe(true);
  });

  it('no longer applies once the tombstone has expired, though DynamoDB has not deleted it yet', async () => {
    // Prepare
    const { client, clientId, email, path, user } = await mailedClient();
    const deletedAt = Date.now();
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const tombstone = await getClientTombstone(user.id, clientId);

    // Act
    const expired = await unsubscribe(tokenOf(path), new Date(deletedAt + 31 * DAY_MS));
    const addedAfterExpiry = await client.post('/api/clients', clientInput({ email }));
    const stillDue = await unsubscribe(tokenOf(path), new Date(deletedAt + 29 * DAY_MS));

    // Assess: the item expires 30 days after the delete (DynamoDB's TTL), and the read ignores it from then on.
    expect(tombstone?.ttl).toBeGreaterThanOrEqual(Math.floor(deletedAt / 1000) + 30 * 86_400);
    expect(tombstone?.ttl).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 30 * 86_400);
    expect(JSON.stringify(tombstone)).not.toContain(email);
    expect(expired).toBeUndefined();
    expect(addedAfterExpiry.body.emailOptedOut).toBe(false);
    expect(stillDue).toEqual({ agentName: user.fullName });
  });
});
