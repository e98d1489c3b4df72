import { PREFERENCE_MESSAGES } from '@shared/reminder-prefs';
import { signedInAgent } from '../../testing/local-api';
import { SMS_PHONE_MESSAGE } from './patch-user-preferences';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

describe('reminder preferences', () => {
  it('starts with the e-mail digest on, SMS off, 7 days ahead, and the time zone from registration', async () => {
    // Prepare
    const client = api.client();
    await client.post('/api/register', {
      username: 'tz-agent@example.com',
      password: 'correct horse',
      fullName: 'Tz Agent',
      phone: '(512) 555-7001',
      timeZone: 'Europe/Paris',
    });

    // Act
    const res = await client.get('/api/user');

    // Assess
    expect(res.body).toMatchObject({
      timeZone: 'Europe/Paris',
      reminderPrefs: { emailDigest: true, sms: false, leadDays: 7 },
    });
  });

  it('saves the settings sent and leaves the others as they were', async () => {
    // Prepare
    const { client } = await signedInAgent(api, { phone: '(512) 555-7002' });

    // Act
    const first = await client.patch('/api/user/preferences', { leadDays: 14, sms: true });
    const second = await client.patch('/api/user/preferences', { emailDigest: false, timeZone: 'america/los_angeles' });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.reminderPrefs).toEqual({ emailDigest: true, sms: true, leadDays: 14, monthlySummary: true });
    expect(second.body).toMatchObject({
      timeZone: 'America/Los_Angeles',
      reminderPrefs: { emailDigest: false, sms: true, leadDays: 14 },
    });
    expect((await client.get('/api/user')).body).toMatchObject({
      timeZone: 'America/Los_Angeles',
      reminderPrefs: { emailDigest: false, sms: true, leadDays: 14 },
    });
  });

  it('turns the monthly summary e-mail off and on again, leaving the digest as it was', async () => {
    const { client } = await signedInAgent(api);
    const off = await client.patch('/api/user/preferences', { monthlySummary: false });
    expect([off.status, off.body.reminderPrefs]).toEqual([
      200,
      { emailDigest: true, sms: false, leadDays: 7, monthlySummary: false },
    ]);
    expect(
      (await client.patch('/api/user/preferences', { monthlySummary: true })).body.reminderPrefs.monthlySummary,
    ).toBe(true);
  });

  it('keeps both of two first saves made at the same time', async () => {
    // Prepare
    const { client } = await signedInAgent(api, { phone: '(512) 555-7003' });

    // Act
    await Promise.all([
      client.patch('/api/user/preferences', { leadDays: 3 }),
      client.patch('/api/user/preferences', { emailDigest: false }),
    ]);

    // Assess
    expect((await client.get('/api/user')).body.reminderPrefs).toEqual({
      emailDigest: false,
      sms: false,
      leadDays: 3,
      monthlySummary: true,
    });
  });

  it.each([
    ['a lead time other than 1, 3, 7 or 14 days', { leadDays: 5 }, 'leadDays', PREFERENCE_MESSAGES.leadDays],
    ['a lead time sent as text', { leadDays: '7' }, 'leadDays', 'leadDays must be a number'],
    ['an e-mail switch that is not a boolean', { emailDigest: 'yes' }, 'emailDigest', 'emailDigest must be a boolean'],
    ['an SMS switch that is not a boolean', { sms: 1 }, 'sms', 'sms must be a boolean'],
    [
      'a monthly summary switch that is not a boolean',
      { monthlySummary: 'off' },
      'monthlySummary',
      'monthlySummary must be a boolean',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone', PREFERENCE_MESSAGES.timeZone],
    ['a 200-character time zone', { timeZone: 'x'.repeat(200) }, 'timeZone', PREFERENCE_MESSAGES.timeZone],
    ['a time zone that is not text', { timeZone: 42 }, 'timeZone', 'timeZone must be a string'],
  ])('refuses %s with a clear message, changing nothing', async (_label, body, field, message) => {
    // Prepare
    const { client } = await signedInAgent(api);

    // Act
    const res = await client.patch('/api/user/preferences', body);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect((await client.get('/api/user')).body.reminderPrefs).toEqual({
      emailDigest: true,
      sms: false,
      leadDays: 7,
      monthlySummary: true,
    });
  });

  it('refuses a body with nothing to change', async () => {
    // Prepare
    const { client } = await signedInAgent(api);

    // Act
    const res = await client.patch('/api/user/preferences', { isPro: true, clientCount: 0 });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PREFERENCE_MESSAGES.nothingToChange);
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });

  it('refuses SMS for a phone number that cannot receive texts', async () => {
    // Prepare
    const { client } = await signedInAgent(api, { phone: '(055) 123-4567' });

    // Act
    const res = await client.patch('/api/user/preferences', { sms: true });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ sms: SMS_PHONE_MESSAGE });
  });

  it('needs a signed-in agent', async () => {
    expect((await api.client().patch('/api/user/preferences', { leadDays: 3 })).status).toBe(401);
  });
});
