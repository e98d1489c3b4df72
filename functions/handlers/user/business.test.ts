import { MESSAGES } from '@shared/schemas';
import { signedInAgent } from '../../testing/local-api';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));

const profile = {
  googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  businessName: 'Rivera Home Group',
  businessLocation: 'Austin, TX',
};

describe('PATCH /api/user/business', () => {
  it("saves the agent's Google Place ID, business name and location", async () => {
    // Prepare
    const { client } = await signedInAgent(api);
    // Act
    const res = await client.patch('/api/user/business', { ...profile, businessName: '  Rivera Home Group  ' });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(profile);
    expect((await client.get('/api/user')).body).toMatchObject(profile);
  });

  it("requires all three fields, with the specification's messages", async () => {
    const { client } = await signedInAgent(api);
    const res = await client.patch('/api/user/business', { googlePlaceId: '', businessName: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      googlePlaceId: MESSAGES.googlePlaceIdRequired,
      businessName: MESSAGES.businessNameRequired,
      businessLocation: MESSAGES.businessLocationRequired,
    });
  });

  it('refuses a Place ID that cannot be one, and values of the wrong type', async () => {
    const { client } = await signedInAgent(api);
    expect(
      (await client.patch('/api/user/business', { ...profile, googlePlaceId: 'Rivera Home Group, Austin' })).body.errors
        .googlePlaceId,
    ).toMatch(/letters, digits/);
    expect((await client.patch('/api/user/business', { ...profile, businessName: 42 })).status).toBe(400);
  });

  it('changes only the business profile, whatever else is sent', async () => {
    const { client } = await signedInAgent(api);
    const res = await client.patch('/api/user/business', {
      ...profile,
      isPro: true,
      isAdmin: true,
      username: 'someone@else.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isPro: false, isAdmin: false });
    expect(res.body.username).not.toBe('someone@else.com');
  });

  it('requires a signed-in user', async () => {
    expect((await api.client().patch('/api/user/business', profile)).status).toBe(401);
  });
});
