// Consent to texts on every path: the client record's field and its history, the agent's attestation, the
// registration forms' checkbox, imports, every way a text leaves, and opt-outs that outlive the client.
import { APPROVAL_NOTES, SKIP_REASONS } from '@shared/automations';
import { todayIn } from '@shared/dates';
import { SMS_CONSENT_MESSAGES, SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { getMessage } from '../../data/messages';
import { clientsTextedAt } from '../../data/texted-phones';
import { optOutClient } from '../../services/client-contact';
import { suppressEmail } from '../../data/opt-out-marks';
import { setSmsConsent } from '../../services/sms-consent';
import { getUserById, setProStatus } from '../../data/users';
import { HELD_TEXT_PROBLEMS } from '../../domain/held-text';
import { runAutomations } from '../../services/automations';
import { deliverScheduledText } from '../../services/messages';
import { clientInput, grantSmsConsent } from '../../testing/factories';
import { importThroughJob } from '../../testing/imports';
import { directoryRegistration, inviteClient, signedInRealtor } from '../../testing/invitations';
import { resetSendingSettings, zoneAtLocalHour } from '../../testing/sending';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { appleCard, vcf } from '../../testing/vcards';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true, backgroundTasks: true });
afterEach(resetSendingSettings);

async function agentWithClient(client: Record<string, unknown> = {}) {
  const agent = await signedInAgent(api);
  const res = await agent.client.post('/api/clients', clientInput({ timeZone: zoneAtLocalHour(12), ...client }));
  if (res.status !== 201) throw new Error(`client create failed: ${res.text}`);
  return { ...agent, clientId: res.body.id as string, created: res.body };
}
const attest = (client: ApiClient, id: string, smsConsent: unknown) =>
  client.patch(`/api/clients/${id}`, { smsConsent });
async function clientOf(client: ApiClient, id: string): Promise<Record<string, any>> {
  const list = (await allClients(client)) as Array<Record<string, unknown>>;
  return list.find((entry) => entry.id === id)!;
}
/** A directory registration answers the id of its submission: the pending client is found by e-mail. */
async function clientByEmail(client: ApiClient, email: string): Promise<Record<string, any>> {
  const list = (await allClients(client)) as Array<Record<string, unknown>>;
  return list.find((entry) => entry.email === email)!;
}
const activityOf = async (client: ApiClient, id: string) =>
  (await client.get(`/api/clients/${id}/messages`)).body.activity as Array<Record<string, unknown>>;

describe('the consent field', () => {
  it('is none, from no source, for a client the agent adds', async () => {
    const { created } = await agentWithClient();
    expect(created.smsConsent).toEqual({ status: 'none', source: null, at: null });
  });

  it('is set by setSmsConsent, which adds each change to the client’s activity', async () => {
    const { client, user, clientId } = await agentWithClient();
    const at = new Date('2026-02-01T10:00:00.000Z');
    const set = await setSmsConsent(user.id, clientId, { status: 'granted', source: 'agent-attested' }, at);
    expect(set).toMatchObject({
      changed: true,
      client: { smsConsent: { status: 'granted', source: 'agent-attested' } },
    });
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date('2026-02-02T10:00:00Z'));
    const got = { body: await clientOf(client, clientId) };
    expect(got.body.smsConsent).toEqual({ status: 'revoked', source: 'keyword', at: '2026-02-02T10:00:00.000Z' });
    expect(got.body.smsOptedOut).toBe(true);
    expect(await activityOf(client, clientId)).toEqual([
      expect.objectContaining({
        type: 'consent',
        status: 'revoked',
        source: 'keyword',
        at: '2026-02-02T10:00:00.000Z',
      }),
      expect.objectContaining({ type: 'consent', status: 'granted', source: 'agent-attested', at: at.toISOString() }),
    ]);
  });
});

describe('PATCH /api/clients/{id} { smsConsent }', () => {
  it('records the agent’s attestation with its time, and takes it back with "none"', async () => {
    const { client, clientId } = await agentWithClient();
    const before = Date.now();
    const granted = await attest(client, clientId, 'granted');
    expect(granted.status).toBe(200);
    expect(granted.body.smsConsent).toMatchObject({ status: 'granted', source: 'agent-attested' });
    expect(Date.parse(granted.body.smsConsent.at)).toBeGreaterThanOrEqual(before - 1000);
    const withdrawn = await attest(client, clientId, 'none');
    expect(withdrawn.body.smsConsent).toMatchObject({ status: 'none', source: 'agent-attested' });
    const history = (await activityOf(client, clientId)).filter((entry) => entry.type === 'consent');
    expect(history.map((entry) => entry.status)).toEqual(['none', 'granted']);
  });

  it('refuses the agent’s attestation after the client’s STOP with 409 OPTED_OUT, and applies nothing else sent', async () => {
    const { client, user, clientId } = await agentWithClient({ name: 'Stopped Client' });
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date());
    const refused = await client.patch(`/api/clients/${clientId}`, { smsConsent: 'granted', name: 'Renamed' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('OPTED_OUT');
    expect(await clientOf(client, clientId)).toMatchObject({
      name: 'Stopped Client',
      smsConsent: { status: 'revoked' },
    });
    // The client's own START gives it back.
    await setSmsConsent(user.id, clientId, { status: 'granted', source: 'keyword' }, new Date());
    expect((await attest(client, clientId, 'granted')).status).toBe(200);
  });

  it('answers 400 for a value other than "granted" or "none" (the agent cannot record a revocation or a form)', async () => {
    const { client, clientId } = await agentWithClient();
    for (const value of ['revoked', true, 'yes', null, { status: 'granted' }]) {
      const res = await attest(client, clientId, value);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('smsConsent');
    }
  });

  it('answers 404 for another agent’s client', async () => {
    const { clientId } = await agentWithClient();
    const other = await signedInAgent(api);
    expect((await attest(other.client, clientId, 'granted')).status).toBe(404);
  });
});

describe('the registration forms’ checkbox', () => {
  const register = (body: Record<string, unknown>) => api.client().post('/api/client-registration', body);

  it('from an invitation: a ticked box grants consent from the client form with the exact words beside it', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, {
      name: 'Ticked Invitee',
      email: 'ticked.invitee@example.com',
    });
    const res = await register({ token, phone: '(555) 123-4567', smsConsent: true });
    expect(res.status).toBe(201);
    const client = await clientOf(agent.client, res.body.clientId);
    expect(client.smsConsent).toEqual({
      status: 'granted',
      source: 'client-form',
      at: expect.any(String),
      words: SMS_CONSENT_WORDS,
    });
    expect(await activityOf(agent.client, res.body.clientId)).toEqual([
      expect.objectContaining({ type: 'consent', status: 'granted', source: 'client-form', words: SMS_CONSENT_WORDS }),
    ]);
  });

  it('from an invitation: an unticked (or left out) box records no consent', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, { name: 'No Box', email: 'no.box@example.com' });
    const res = await register({ token, phone: '(555) 123-4567', smsConsent: false });
    expect(res.status).toBe(201);
    expect((await clientOf(agent.client, res.body.clientId)).smsConsent).toEqual({
      status: 'none',
      source: null,
      at: null,
    });
  });

  it('from the directory: the pending client carries the consent they ticked, pending the number’s YES', async () => {
    const { agent, res } = await directoryRegistration(api, {
      name: 'Dora Directory',
      email: 'dora.directory@example.com',
      phone: '(555) 222-3344',
      smsConsent: true,
    });
    expect(res.status).toBe(201);
    const client = await clientByEmail(agent.client, 'dora.directory@example.com');
    expect(client).toMatchObject({
      registrationPending: true,
      smsConsent: { status: 'pending', source: 'client-form', words: SMS_CONSENT_WORDS },
    });
    // The number is asked to confirm it (functions/services/client-registration.test.ts follows the YES).
    const asked = (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === '+15552223344');
    expect(asked.map((m) => m.text)).toEqual([expect.stringContaining('reply YES to get texts from')]);
  });

  it('answers 400 for a consent that is not true or false', async () => {
    const agent = await signedInRealtor(api);
    const token = await inviteClient(api, agent.client, { name: 'Bad Box', email: 'bad.box@example.com' });
    for (const smsConsent of ['yes', 1, 'true']) {
      const res = await register({ token, phone: '(555) 123-4567', smsConsent });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('smsConsent');
    }
    const directory = await register({
      agentId: agent.user.id,
      name: 'Bad Box',
      email: 'bad.box.2@example.com',
      phone: '(555) 123-4567',
      smsConsent: 'on',
    });
    expect(directory.status).toBe(400);
  });
});

describe('imports', () => {
  const upload = (client: ApiClient, content: string, filename: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), filename);
    return client.request('POST', '/api/clients/import', { body: form });
  };

  it('record no consent, from the import, for clients made by a CSV or a vCard file', async () => {
    const { client } = await signedInAgent(api);
    const csv = 'name,email,phone\r\nCsv Person,csv.person@example.com,(512) 555-0101\r\n';
    expect((await upload(client, csv, 'clients.csv', 'text/csv')).status).toBe(200);
    const card = vcf(appleCard({ fn: 'Card Person', n: 'Person;Card;;;', email: 'card.person@example.com' }));
    expect((await upload(client, card, 'contacts.vcf', 'text/vcard')).status).toBe(200);
    const clients = (await allClients(client)) as Array<Record<string, any>>;
    expect(clients).toHaveLength(2);
    for (const imported of clients) {
      expect(imported.smsConsent).toEqual({ status: 'none', source: 'import', at: expect.any(String) });
    }
  });
});

describe('every text to a client needs consent (409 NO_SMS_CONSENT)', () => {
  const text = { channel: 'sms', body: 'Hello from your realtor!' };

  it('a personal text; granted, it goes', async () => {
    const { client, clientId } = await agentWithClient({ phone: '(512) 555-0161' });
    const refused = await client.post(`/api/clients/${clientId}/messages`, text);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NO_SMS_CONSENT', message: SMS_CONSENT_MESSAGES.noConsent });
    expect((await api.outbox()).filter((m) => m.to === '+15125550161')).toEqual([]);
    await attest(client, clientId, 'granted');
    expect((await client.post(`/api/clients/${clientId}/messages`, text)).status).toBe(201);
  });

  it('an approved automatic text, and the automatic run skips a client without consent saying why', async () => {
    const agent = await signedInAgent(api);
    const rules = [{ occasion: 'birthday', enabled: true, channel: 'sms', mode: 'approve', sendTime: '09:00' }];
    expect((await agent.client.request('PUT', '/api/user/automations', { json: { rules } })).status).toBe(200);
    const user = (await getUserById(agent.user.id, true))!;
    const today = todayIn(user.timeZone);
    const born = `1984-${today.slice(5)}`;
    const created = await agent.client.post(
      '/api/clients',
      clientInput({ birthday: born, phone: '(512) 555-0162', timeZone: zoneAtLocalHour(12) }),
    );
    const run = await runAutomations(user, today);
    expect(run.skipped).toEqual({ 'no-consent': 1 });
    expect((await activityOf(agent.client, created.body.id)).find((entry) => entry.type === 'message')).toMatchObject({
      status: 'skipped',
      problem: SKIP_REASONS.noConsent,
    });

    // Drafted while the client had consent, approved after the agent took it back.
    const other = await agent.client.post(
      '/api/clients',
      clientInput({ birthday: born, phone: '(512) 555-0163', timeZone: zoneAtLocalHour(12) }),
    );
    await attest(agent.client, other.body.id, 'granted');
    await runAutomations(user, today);
    const queued = (await agent.client.get('/api/outgoing')).body.messages as Array<{ id: string; clientId: string }>;
    const waiting = queued.find((message) => message.clientId === other.body.id)!;
    await attest(agent.client, other.body.id, 'none');
    const approved = await agent.client.post(`/api/outgoing/${waiting.id}/approve`, {});
    expect(approved.status).toBe(409);
    expect(approved.body.code).toBe('NO_SMS_CONSENT');
  });

  it('a review request by text: the e-mail goes, the text does not, and the answer says why', async () => {
    const { client, clientId, clientEmail } = await reviewingAgent({ phone: '(512) 555-0164' });
    const res = await client.post(`/api/clients/${clientId}/request-review`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailed: true, texted: false });
    expect(res.body.message).toContain('the client has not agreed to receive text messages');
    expect((await api.outbox()).filter((m) => m.to === clientEmail)).toHaveLength(1);
    expect((await api.outbox()).filter((m) => m.to === '+15125550164')).toEqual([]);
  });
});

describe('review requests pass the checks of a personal message', () => {
  it('carry the unsubscribe link and one-click headers, and text only within the client’s 8:00–21:00', async () => {
    const { client, clientId, clientEmail, user } = await reviewingAgent({
      phone: '(512) 555-0165',
      timeZone: zoneAtLocalHour(2),
    });
    await grantSmsConsent(user.id, clientId);
    const res = await client.post(`/api/clients/${clientId}/request-review`);
    expect(res.status).toBe(200);
    const [mail] = (await api.outbox()).filter((m) => m.to === clientEmail);
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<.+\/api\/unsubscribe\/.+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toMatch(/<a href="[^"]+\/unsubscribe#token=[^"]+">Unsubscribe<\/a>/);
    // 2:00 for the client: the text waits for their 8:00.
    expect(res.body).toMatchObject({ texted: false });
    expect((await api.outbox()).filter((m) => m.to === '+15125550165')).toEqual([]);
    const scheduled = (await activityOf(client, clientId)).find((entry) => entry.channel === 'sms');
    expect(scheduled).toMatchObject({ status: 'scheduled', occasion: 'review-request', sendAt: expect.any(String) });
  });

  it('refuse a client who unsubscribed (409 OPTED_OUT) or whose address bounced (409 EMAIL_SUPPRESSED), asking nothing', async () => {
    const { client, clientId, user, clientEmail } = await reviewingAgent();
    await optOutClient(user.id, clientId, 'email');
    const unsubscribed = await client.post(`/api/clients/${clientId}/request-review`);
    expect(unsubscribed.status).toBe(409);
    expect(unsubscribed.body.code).toBe('OPTED_OUT');
    expect((await clientOf(client, clientId)).reviewStatus).toBe('pending');

    const bounced = await client.post('/api/clients', clientInput());
    await suppressEmail(bounced.body.email as string, 'bounce');
    const refused = await client.post(`/api/clients/${bounced.body.id}/request-review`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('EMAIL_SUPPRESSED');
    expect((await api.outbox()).filter((m) => m.to === clientEmail || m.to === bounced.body.email)).toEqual([]);
  });
});

describe('opt-outs outlive the client', () => {
  it('a client deleted after unsubscribing and texting STOP, added again, is still opted out of both', async () => {
    const { client, user, clientId, created } = await agentWithClient({ phone: '(512) 555-0166' });
    await optOutClient(user.id, clientId, 'email');
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date());
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);

    // The same address and number, written differently.
    const again = await client.post(
      '/api/clients',
      clientInput({ email: String(created.email).toUpperCase(), phone: '+1 512-555-0166' }),
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ emailOptedOut: true, smsOptedOut: true, smsConsent: { status: 'revoked' } });
    const attested = await attest(client, again.body.id, 'granted');
    expect(attested.status).toBe(409);
    expect(attested.body.code).toBe('OPTED_OUT');
    const mailed = await client.post(`/api/clients/${again.body.id}/messages`, {
      channel: 'email',
      subject: 'Hello',
      body: 'Hi',
    });
    expect(mailed.body.code).toBe('OPTED_OUT');
  });

  it('and so is one imported again', async () => {
    const { client, user, clientId, created } = await agentWithClient({ phone: '(512) 555-0167' });
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date());
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const form = new FormData();
    const csv = `name,email,phone\r\nBack Again,${String(created.email)},512-555-0167\r\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
    const res = await client.request('POST', '/api/clients/import', { body: form });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
    const [imported] = (await allClients(client)) as Array<Record<string, any>>;
    expect(imported).toMatchObject({ smsOptedOut: true, smsConsent: { status: 'revoked' } });
  });

  it('and so is one brought back by the import job (a big file), and the number’s START reaches it', async () => {
    const { client, user, clientId, created } = await agentWithClient({ phone: '(512) 555-0169' });
    await optOutClient(user.id, clientId, 'email');
    await setSmsConsent(user.id, clientId, { status: 'revoked', source: 'keyword' }, new Date());
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const job = await importThroughJob(
      client,
      `name,email,phone\r\nBack Again,${String(created.email)},512-555-0169\r\n`,
    );
    expect(job).toMatchObject({ status: 'done', imported: 1 });
    const [imported] = (await allClients(client)) as Array<Record<string, any>>;
    expect(imported).toMatchObject({ emailOptedOut: true, smsOptedOut: true, smsConsent: { status: 'revoked' } });
    // Noted at the number: the client's own START finds the imported client and lifts the opt-out.
    expect(await clientsTextedAt('+15125550169')).toEqual([{ agentId: user.id, clientId: imported!.id }]);
  });

  it('but another agent’s client at the same number is not touched', async () => {
    const { client, user, clientId } = await agentWithClient({ phone: '(512) 555-0168' });
    await optOutClient(user.id, clientId, 'email');
    expect((await client.delete(`/api/clients/${clientId}`)).status).toBe(204);
    const other = await signedInAgent(api);
    const theirs = await other.client.post('/api/clients', clientInput({ phone: '(512) 555-0168' }));
    expect(theirs.body).toMatchObject({ emailOptedOut: false, smsConsent: { status: 'none' } });
  });
});

describe('a text held for later is checked again when it comes due', () => {
  /** A text to a client for whom it is 2:00: held for their 8:00. */
  async function heldText(phone: string) {
    const agent = await agentWithClient({ phone, timeZone: zoneAtLocalHour(2) });
    await grantSmsConsent(agent.user.id, agent.clientId);
    const res = await agent.client.post(`/api/clients/${agent.clientId}/messages`, { channel: 'sms', body: 'Hi!' });
    expect(res.status).toBe(202);
    const item = (await getMessage(agent.clientId, res.body.message.id))!;
    return { ...agent, item, sendAt: new Date(res.body.sendAt as string) };
  }
  type HeldText = Awaited<ReturnType<typeof heldText>>;
  const sentTo = async (to: string) => (await api.outbox()).filter((m) => m.to === to);

  it('leaves once the client agreed and still has the number, at their 8:00', async () => {
    const { item, sendAt } = await heldText('(512) 555-0171');
    expect(await deliverScheduledText(item, sendAt)).toBe('sent');
    expect(await sentTo('+15125550171')).toHaveLength(1);
  });

  it.each([
    {
      title: 'never leaves after the consent was taken back',
      phone: '(512) 555-0172',
      number: '+15125550172',
      change: async ({ client, clientId }: HeldText) => {
        await attest(client, clientId, 'none');
      },
      problem: HELD_TEXT_PROBLEMS.noConsent,
    },
    {
      title: 'never goes to a number the client no longer has',
      phone: '(512) 555-0173',
      number: '+15125550173',
      change: async ({ client, clientId }: HeldText) => {
        expect((await client.patch(`/api/clients/${clientId}`, { phone: '(512) 555-0199' })).status).toBe(200);
      },
      problem: HELD_TEXT_PROBLEMS.numberChanged,
    },
  ])('$title', async ({ phone, number, change, problem }) => {
    const held = await heldText(phone);
    await change(held);
    expect(await deliverScheduledText(held.item, held.sendAt)).toBe('failed');
    expect(await getMessage(held.clientId, held.item.id)).toMatchObject({ status: 'failed', problem });
    expect(await sentTo(number)).toEqual([]);
  });

  it('found due after 21:00 for the client, waits for their next 8:00 instead', async () => {
    const { client, clientId, item, sendAt } = await heldText('(512) 555-0174');
    const late = new Date(sendAt.getTime() + 13.5 * 3_600_000); // 21:30 there
    expect(await deliverScheduledText(item, late)).toBe('not-due');
    const held = (await getMessage(clientId, item.id))!;
    expect(held.status).toBe('scheduled');
    expect(Date.parse(held.sendAt!)).toBe(sendAt.getTime() + 24 * 3_600_000);
    expect(await sentTo('+15125550174')).toEqual([]);
    // Back in the agent's queue as scheduled.
    const queued = (await client.get('/api/outgoing')).body.messages as Array<{ id: string; status: string }>;
    expect(queued).toContainEqual(expect.objectContaining({ id: item.id, status: 'scheduled' }));
  });
});

describe('a client from the directory', () => {
  it('gets no automatic message by itself until the agent approved one for them', async () => {
    const agent = await signedInRealtor(api);
    await setProStatus(agent.user.id, true);
    const rules = [
      { occasion: 'birthday', enabled: true, channel: 'email', mode: 'auto', sendTime: '09:00' },
      { occasion: 'home-anniversary', enabled: true, channel: 'email', mode: 'auto', sendTime: '09:00' },
    ];
    expect((await agent.client.request('PUT', '/api/user/automations', { json: { rules } })).status).toBe(200);
    const user = (await getUserById(agent.user.id, true))!;
    const today = todayIn(user.timeZone);
    const registered = await api.client().post('/api/client-registration', {
      agentId: user.id,
      name: 'Dina Directory',
      email: 'dina.directory@example.com',
      phone: '(555) 222-7788',
      birthday: `1984-${today.slice(5)}`,
    });
    expect(registered.status).toBe(201);
    const clientId = (await clientByEmail(agent.client, 'dina.directory@example.com')).id as string;
    expect((await agent.client.post(`/api/clients/${clientId}/accept-registration`)).status).toBe(200);

    const run = await runAutomations(user, today);
    expect(run).toMatchObject({ awaiting: 1, scheduled: 0 });
    const [waiting] = (await agent.client.get('/api/outgoing')).body.messages;
    expect(waiting).toMatchObject({ clientId, status: 'awaiting-approval', note: APPROVAL_NOTES.directoryClient });
    expect((await agent.client.post(`/api/outgoing/${waiting.id}/approve`, {})).status).toBe(200);

    // Approved once: next year's goes out by itself.
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    const thatMorning = new Date(`${nextYear}T06:00:00Z`);
    expect(await runAutomations(user, nextYear, thatMorning)).toMatchObject({ awaiting: 0, scheduled: 1 });
  });
});

/** A verified agent with a Google Place ID and a client (no consent unless the test grants it). */
async function reviewingAgent(client: Record<string, unknown> = {}) {
  const agent = await signedInAgent(api);
  await agent.client.patch('/api/user/business', {
    businessName: 'Rivera Home Group',
    businessLocation: 'Austin, TX',
    googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  });
  const res = await agent.client.post('/api/clients', clientInput({ timeZone: zoneAtLocalHour(12), ...client }));
  return { ...agent, clientId: res.body.id as string, clientEmail: res.body.email as string };
}
