import { AGENT_SEARCH_MAX_RESULTS, REGISTRATION_MESSAGES } from '../../../shared/client-registration';
import { registeredAdmin, signedInRealtor } from '../../testing/invitations';
import { startTestApi, type TestApi } from '../../testing/local-api';
import { LOCAL_IP, resetLimit } from '../../testing/throttle';
import { AGENT_SEARCH_LIMIT } from './get-public-agents';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => resetLimit('agent-search-ip', LOCAL_IP, AGENT_SEARCH_LIMIT.windowSeconds));

const search = (q?: string) => api.client().get(`/api/public/agents${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);

describe('the public realtor directory', () => {
  it('says no realtor is available while only administrators without a business exist', async () => {
    expect((await search()).body).toEqual({ agents: [], available: false, message: REGISTRATION_MESSAGES.searchTooShort });
    const admin = await registeredAdmin(api);
    expect((await search()).body.available).toBe(false);
    expect((await search(admin.details.username)).body).toEqual({ agents: [], available: false });
  });

  it('lists an administrator who runs a business', async () => {
    const admin = await registeredAdmin(api, { businessName: 'Admin Owned Realty', businessLocation: 'Denver, CO' });
    expect((await search('admin owned')).body.agents).toEqual([{ id: admin.user.id, username: admin.details.username, businessName: 'Admin Owned Realty', businessLocation: 'Denver, CO' }]);
    expect((await search()).body.available).toBe(true);
  });

  it('answers an empty list with a message, not the directory, below 3 characters', async () => {
    await signedInRealtor(api, { businessName: 'Ab Realty' });
    for (const q of [undefined, '', 'a', 'ab', '  ab  ']) {
      const res = await search(q);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ agents: [], available: true, message: REGISTRATION_MESSAGES.searchTooShort });
    }
  });

  it('finds agents by e-mail or business name, case-insensitively, with id, username, business name and location only', async () => {
    const agent = await signedInRealtor(api, { username: 'Jane.Finder@Realty-Example.com', businessName: 'Blue Heron Homes', businessLocation: 'Portland, OR' });
    const expected = [{ id: agent.user.id, username: 'jane.finder@realty-example.com', businessName: 'Blue Heron Homes', businessLocation: 'Portland, OR' }];
    expect((await search('JANE.FINDER')).body).toEqual({ agents: expected, available: true });
    expect((await search('jane.finder@realty-example.com')).body.agents).toEqual(expected);
    expect((await search('heron hom')).body.agents).toEqual(expected);
    expect((await search('Portland')).body.agents).toEqual([]);
    expect((await search('nobody-like-this')).body).toEqual({ agents: [], available: true });
  });

  it(`answers at most ${AGENT_SEARCH_MAX_RESULTS} agents, and always finds an exact e-mail`, async () => {
    const many = [];
    for (let i = 0; i < AGENT_SEARCH_MAX_RESULTS + 5; i += 1) many.push(await signedInRealtor(api, { businessName: `Crowded Market Realty ${i}` }));
    const res = await search('crowded market');
    expect(res.body.agents).toHaveLength(AGENT_SEARCH_MAX_RESULTS);
    const last = many.at(-1)!;
    expect((await search(last.details.username)).body.agents.map((a: { id: string }) => a.id)).toContain(last.user.id);
  });

  it('is public, and never shows phone, name, plan or dates', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Private Details Realty' });
    const res = await search('private details');
    expect(res.body.agents).toHaveLength(1);
    expect(Object.keys(res.body.agents[0]).sort()).toEqual(['businessLocation', 'businessName', 'id', 'username']);
    expect(res.text).not.toContain(agent.details.phone);
    expect(res.text).not.toContain(agent.details.fullName);
  });

  it(`allows ${AGENT_SEARCH_LIMIT.max} searches per address every ${AGENT_SEARCH_LIMIT.windowSeconds / 60} minutes, then answers 429`, async () => {
    for (let i = 0; i < AGENT_SEARCH_LIMIT.max; i += 1) expect((await search(`query${i}`)).status).toBe(200);
    const refused = await search('one more');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(AGENT_SEARCH_LIMIT.windowSeconds);
  });

  it('refuses a search text that is not a single string of sane length', async () => {
    expect((await search('x'.repeat(300))).status).toBe(400);
  });
});
