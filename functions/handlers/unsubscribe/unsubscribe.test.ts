import { clientInput } from '../../testing/factories';
import { signedInAgent } from '../../testing/local-api';
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
  const sent = await agent.client.post(`/api/clients/${created.body.id}/messages`, {
    channel: 'email',
    subject: 'Hello',
    body: 'Checking in.',
  });
  expect(sent.status).toBe(201);
  const mail = (await api.outbox()).find((m) => m.to === created.body.email)!;
  const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
  return { ...agent, clientId: created.body.id as string, oneClick, path: new URL(oneClick).pathname };
}
const optedOut = async (client: Awaited<ReturnType<typeof mailedClient>>['client'], id: string) =>
  ((await client.get('/api/clients')).body as Array<{ id: string; emailOptedOut: boolean }>).find((c) => c.id === id)!
    .emailOptedOut;

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
    const again = await client.post(`/api/clients/${clientId}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Again.',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('OPTED_OUT');
  });

  it('accepts JSON from the web page, and leaves texts alone', async () => {
    const { client, clientId, path } = await mailedClient();
    expect((await api.client().post(path, {})).status).toBe(200);
    const clients = (await client.get('/api/clients')).body as Array<{
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
