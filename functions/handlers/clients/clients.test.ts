import { FREE_CLIENT_LIMIT } from '@shared/constants';
import { CLIENT_MESSAGES, EDITABLE_CLIENT_FIELDS, PATCHABLE_CLIENT_FIELDS } from '@shared/client-schema';
import { clientInput, makePro } from '../../testing/factories';
import { addClients, signedInAgent, allClients } from '../../testing/local-api';
import { UPGRADE_MESSAGE } from '../../http/client-errors';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

describe('clients', () => {
  it('edits exactly the editable fields of the shared schema: anything else is refused', async () => {
    const { client } = await signedInAgent(api);
    const created = await client.post('/api/clients', clientInput());
    const refused = await client.patch(`/api/clients/${created.body.id}`, {
      hasTestimonial: true,
      reviewStatus: 'submitted',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Send at least one of: ${[...PATCHABLE_CLIENT_FIELDS, 'automationsPaused', 'smsConsent', 'tags'].join(', ')}.`,
    );
    const edits = {
      name: 'New Name',
      email: 'new@example.com',
      phone: '(555) 222-3333',
      address: '1 Main St',
      postalCode: '78701',
      birthday: '1980-01-02',
      anniversary: '2001-03-04',
      purchaseDate: '2010-05-06',
      purchasePrice: 312000,
    };
    expect(Object.keys(edits)).toEqual([...EDITABLE_CLIENT_FIELDS]);
    const edited = await client.patch(`/api/clients/${created.body.id}`, edits);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject(edits);
  });

  it('creates, lists, edits and deletes a client', async () => {
    const { client } = await signedInAgent(api);
    const created = await client.post(
      '/api/clients',
      clientInput({ name: 'Maria Lopez', email: 'Maria@Example.com', birthday: '1985-04-12', address: '12 Elm St' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      birthday: '1985-04-12',
      reviewStatus: 'pending',
      remainingFreeSlots: FREE_CLIENT_LIMIT - 1,
    });
    const list = await client.get('/api/clients');
    // A bare GET is the first page, like every list.
    expect(list.body).toMatchObject({ nextCursor: null, total: 1 });
    expect(list.body.clients).toHaveLength(1);
    expect(list.body.clients[0]).not.toHaveProperty('pk');

    const edited = await client.patch(`/api/clients/${created.body.id}`, { phone: '(555) 999-0000', address: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      phone: '(555) 999-0000',
      address: null,
      name: 'Maria Lopez',
      birthday: '1985-04-12',
    });

    expect((await client.delete(`/api/clients/${created.body.id}`)).status).toBe(204);
    expect(await allClients(client)).toEqual([]);
    expect((await client.delete(`/api/clients/${created.body.id}`)).status).toBe(404);
  });

  it('requires name, email and phone, and real calendar dates', async () => {
    const { client } = await signedInAgent(api);
    const missing = await client.post('/api/clients', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      name: CLIENT_MESSAGES.nameRequired,
      email: CLIENT_MESSAGES.emailRequired,
      phone: CLIENT_MESSAGES.phoneRequired,
    });
    const badDate = await client.post(
      '/api/clients',
      clientInput({ anniversary: '2023-02-29', birthday: '12/31/1990' }),
    );
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors).toEqual({
      anniversary: CLIENT_MESSAGES.invalidDate,
      birthday: CLIENT_MESSAGES.invalidDate,
    });
    const badEmail = await client.post('/api/clients', clientInput({ email: 'nope' }));
    expect(badEmail.body.errors.email).toBe('Invalid email address');
  });

  it('refuses a second client with the same e-mail', async () => {
    const { client } = await signedInAgent(api);
    const input = clientInput();
    expect((await client.post('/api/clients', input)).status).toBe(201);
    const again = await client.post('/api/clients', { ...clientInput(), email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toMatch(/already exists/);
  });

  it('lets an edit move a client to a free e-mail, and frees the old one', async () => {
    const { client } = await signedInAgent(api);
    const a = await client.post('/api/clients', clientInput({ email: 'first@example.com' }));
    const b = await client.post('/api/clients', clientInput({ email: 'second@example.com' }));
    expect((await client.patch(`/api/clients/${b.body.id}`, { email: 'first@example.com' })).status).toBe(409);
    expect((await client.patch(`/api/clients/${a.body.id}`, { email: 'third@example.com' })).status).toBe(200);
    expect((await client.patch(`/api/clients/${b.body.id}`, { email: 'first@example.com' })).status).toBe(200);
  });

  it('records review status changes with their dates', async () => {
    const { client } = await signedInAgent(api);
    const { body: c } = await client.post('/api/clients', clientInput());
    const requested = await client.post(`/api/clients/${c.id}/review-status`, { status: 'requested' });
    expect(requested.body).toMatchObject({
      reviewStatus: 'requested',
      reviewRequestedAt: expect.any(String),
      reviewSubmittedAt: null,
    });
    const submitted = await client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' });
    expect(submitted.body).toMatchObject({ reviewStatus: 'submitted', reviewSubmittedAt: expect.any(String) });
    expect((await client.post(`/api/clients/${c.id}/review-status`, { status: 'wonderful' })).status).toBe(400);
  });
});

describe('milestones', () => {
  it('awards Review Submitted, Profile Complete and each passed home anniversary, once each', async () => {
    const { client } = await signedInAgent(api);
    const { body: c } = await client.post(
      '/api/clients',
      clientInput({ birthday: '1980-01-01', anniversary: '2010-06-01', purchaseDate: '2021-03-01' }),
    );
    await client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' });
    await client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' });
    await client.patch(`/api/clients/${c.id}`, { address: 'somewhere' });
    const res = await client.get(`/api/clients/${c.id}/milestones`);
    expect(res.status).toBe(200);
    const names = res.body.map((m: { name: string }) => m.name).sort();
    const thisYear = new Date().getUTCFullYear();
    const expectedYears = Array.from(
      { length: thisYear - 2021 - (new Date().toISOString().slice(5, 10) < '03-01' ? 1 : 0) },
      (_, i) => `${i + 1} Year Homeowner`,
    );
    expect(names).toEqual(['Profile Complete', 'Review Submitted', ...expectedYears].sort());
    for (const m of res.body)
      expect(m).toEqual({
        type: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        icon: expect.stringMatching(/^(Star|Home)$/),
        achievedAt: expect.any(String),
      });
  });
});

describe('milestone dates', () => {
  it('dates each homeowner milestone by the anniversary it marks, not by the day the client was added', async () => {
    const { client } = await signedInAgent(api);
    const { body: c } = await client.post('/api/clients', clientInput({ purchaseDate: '2015-05-20' }));
    const res = await client.get(`/api/clients/${c.id}/milestones`);
    const homeowner = (res.body as Array<{ name: string; achievedAt: string }>).filter((m) =>
      m.name.endsWith('Year Homeowner'),
    );
    expect(homeowner.slice(0, 3)).toEqual([
      expect.objectContaining({ name: '1 Year Homeowner', achievedAt: '2016-05-20T12:00:00.000Z' }),
      expect.objectContaining({ name: '2 Year Homeowner', achievedAt: '2017-05-20T12:00:00.000Z' }),
      expect.objectContaining({ name: '3 Year Homeowner', achievedAt: '2018-05-20T12:00:00.000Z' }),
    ]);
  });
});

describe('an upcoming closing', () => {
  it('takes a purchase date in the future and awards no homeowner milestone yet; a future birthday stays refused', async () => {
    const { client } = await signedInAgent(api);
    const nextYear = new Date().getUTCFullYear() + 1;
    const created = await client.post('/api/clients', clientInput({ purchaseDate: `${nextYear}-02-15` }));
    expect(created.status).toBe(201);
    expect(created.body.purchaseDate).toBe(`${nextYear}-02-15`);
    const milestones = await client.get(`/api/clients/${created.body.id}/milestones`);
    expect(milestones.body.map((m: { name: string }) => m.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Homeowner/)]),
    );
    // A birthday in the future stays refused.
    const born = await client.post('/api/clients', clientInput({ birthday: `${nextYear}-02-15` }));
    expect(born.status).toBe(400);
    expect(born.body.errors.birthday).toBe(CLIENT_MESSAGES.futureDate);
  });
});

describe('tenancy', () => {
  it("answers 404 to another agent's client on every route and leaves it untouched", async () => {
    const a = await signedInAgent(api);
    const b = await signedInAgent(api);
    const { body: mine } = await a.client.post('/api/clients', clientInput({ name: 'Private Person' }));
    const attempts = [
      await b.client.patch(`/api/clients/${mine.id}`, { name: 'Hacked' }),
      await b.client.delete(`/api/clients/${mine.id}`),
      await b.client.post(`/api/clients/${mine.id}/review-status`, { status: 'submitted' }),
      await b.client.get(`/api/clients/${mine.id}/milestones`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Private Person');
    }
    expect(await allClients(b.client)).toEqual([]);
    const after = (await allClients(a.client))[0];
    expect(after).toEqual({ ...mine, remainingFreeSlots: undefined, updatedAt: mine.updatedAt });
  });

  it('refuses every client route when logged out', async () => {
    const anonymous = api.client();
    expect((await anonymous.get('/api/clients')).status).toBe(401);
    expect((await anonymous.post('/api/clients', clientInput())).status).toBe(401);
  });
});

describe('free plan', () => {
  it(`lets exactly ${FREE_CLIENT_LIMIT} of 15 concurrent creates succeed and refuses the rest with UPGRADE_REQUIRED`, async () => {
    const { client } = await signedInAgent(api);
    const results = await Promise.all(Array.from({ length: 15 }, () => client.post('/api/clients', clientInput())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(FREE_CLIENT_LIMIT);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toEqual({ code: 'UPGRADE_REQUIRED', message: UPGRADE_MESSAGE });
    expect(UPGRADE_MESSAGE).toMatch(/10 clients on the free plan/);
    expect(await allClients(client)).toHaveLength(FREE_CLIENT_LIMIT);
    const slots = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.remainingFreeSlots)
      .sort();
    expect(slots).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('frees a slot when a client is deleted', async () => {
    const { client } = await signedInAgent(api);
    const ids = await addClients(client, FREE_CLIENT_LIMIT);
    expect((await client.post('/api/clients', clientInput())).status).toBe(403);
    await client.delete(`/api/clients/${ids[0]}`);
    const again = await client.post('/api/clients', clientInput());
    expect(again.status).toBe(201);
    expect(again.body.remainingFreeSlots).toBe(0);
  });

  it('does not cap Pro agents, whose remainingFreeSlots is null', async () => {
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    await addClients(client, FREE_CLIENT_LIMIT);
    const eleventh = await client.post('/api/clients', clientInput());
    expect(eleventh.status).toBe(201);
    expect(eleventh.body.remainingFreeSlots).toBeNull();
  });

  it('keeps the clients of an agent whose Pro ended, and refuses new ones until under the cap', async () => {
    const { client, user } = await signedInAgent(api);
    await makePro(user.id);
    await addClients(client, FREE_CLIENT_LIMIT + 2);
    await makePro(user.id, false);
    const list = await allClients(client);
    expect(list).toHaveLength(FREE_CLIENT_LIMIT + 2);
    expect((await client.patch(`/api/clients/${list[0].id}`, { name: 'Still Editable' })).status).toBe(200);
    expect((await client.post('/api/clients', clientInput())).status).toBe(403);
    await client.delete(`/api/clients/${list[1].id}`);
    await client.delete(`/api/clients/${list[2].id}`);
    expect((await client.post('/api/clients', clientInput())).status).toBe(403);
    await client.delete(`/api/clients/${list[3].id}`);
    expect((await client.post('/api/clients', clientInput())).status).toBe(201);
  });
});
