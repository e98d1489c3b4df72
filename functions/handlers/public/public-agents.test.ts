import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AGENT_SEARCH_MAX_RESULTS, REGISTRATION_MESSAGES } from '@shared/client-registration';
import { db, table } from '../../data/db';
import { rebuildAgentDirectory } from '../../data/directory-index';
import { registeredAdmin, signedInRealtor } from '../../testing/invitations';
import { verifiedAs } from '../../testing/local-api';
import { partitionItems } from '../../testing/table';
import { LOCAL_IP, resetLimit } from '../../testing/throttle';
import { AGENT_SEARCH_LIMIT } from '../../services/agent-search';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
beforeEach(() => resetLimit('agent-search-ip', LOCAL_IP, AGENT_SEARCH_LIMIT.windowSeconds));

const search = (q?: string) =>
  api.client().get(`/api/public/agents${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);

describe('the public realtor directory', () => {
  it('says no realtor is available while only administrators without a business exist', async () => {
    expect((await search()).body).toEqual({
      agents: [],
      available: false,
      message: REGISTRATION_MESSAGES.searchTooShort,
    });
    const admin = await registeredAdmin(api);
    expect((await search()).body.available).toBe(false);
    expect((await search(admin.details.username)).body).toEqual({ agents: [], available: false });
  });

  it('lists an administrator who runs a business', async () => {
    const admin = await registeredAdmin(api, { businessName: 'Admin Owned Realty', businessLocation: 'Denver, CO' });
    expect((await search('admin owned')).body.agents).toEqual([
      {
        id: admin.user.id,
        fullName: admin.details.fullName,
        businessName: 'Admin Owned Realty',
        businessLocation: 'Denver, CO',
      },
    ]);
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

  it('finds agents by words of their name or business name, or their whole e-mail, with id, full name, business name and location only', async () => {
    const agent = await signedInRealtor(api, {
      username: 'Jane.Finder@Realty-Example.com',
      businessName: 'Blue Héron Homes',
      businessLocation: 'Portland, OR',
    });
    const expected = [
      {
        id: agent.user.id,
        fullName: agent.details.fullName,
        businessName: 'Blue Héron Homes',
        businessLocation: 'Portland, OR',
      },
    ];
    expect((await search('heron hom')).body).toEqual({ agents: expected, available: true });
    expect((await search('HÉRON')).body.agents).toEqual(expected);
    expect((await search(agent.details.fullName.toUpperCase())).body.agents).toEqual(expected);
    expect((await search('jane.finder@realty-example.com')).body.agents).toEqual(expected);
    expect((await search('jane.finder')).body.agents).toEqual([]);
    expect((await search('Portland')).body.agents).toEqual([]);
    expect((await search('heron zzz')).body.agents).toEqual([]);
    expect((await search('nobody-like-this')).body).toEqual({ agents: [], available: true });
  });

  it('follows a business name change: the new name finds the agent, the old one no longer does', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Quillfeather Estates' });
    expect((await search('quillfeather')).body.agents).toHaveLength(1);
    expect(
      (
        await agent.client.patch('/api/user/business', {
          googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
          businessName: 'Marigoldia Homes',
          businessLocation: 'Austin, TX',
        })
      ).status,
    ).toBe(200);
    expect((await search('quillfeather')).body.agents).toEqual([]);
    expect((await search('marigoldia')).body.agents.map((a: { businessName: string }) => a.businessName)).toEqual([
      'Marigoldia Homes',
    ]);
  });

  it('reads only the index entries that match: none on a miss, at most the answer on a hit', async () => {
    for (let i = 0; i < 30; i += 1) await signedInRealtor(api, { businessName: `Wintergreen Realty ${i}` });
    const scanned: number[] = [];
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const spy = jest.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(async function (
      this: DynamoDBDocumentClient,
      command: unknown,
    ) {
      const out = (await send.call(this, command)) as { ScannedCount?: number };
      if (
        command instanceof QueryCommand &&
        String(command.input.ExpressionAttributeValues?.[':pk']).startsWith('DIRECTORY#')
      )
        scanned.push(out.ScannedCount ?? 0);
      return out;
    } as never);
    try {
      expect((await search('wintergreenx')).body.agents).toEqual([]);
      expect(scanned).toEqual([0]);
      scanned.length = 0;
      expect((await search('wintergreen')).body.agents).toHaveLength(AGENT_SEARCH_MAX_RESULTS);
      expect(scanned.reduce((a, b) => a + b, 0)).toBe(AGENT_SEARCH_MAX_RESULTS);
    } finally {
      spy.mockRestore();
    }
  });

  it('lists an agent only once their address is verified: not in the search, not by e-mail, not by a rebuild', async () => {
    // Prepare
    const agent = await signedInRealtor(api, {
      username: 'unproven.owner@realty-example.com',
      businessName: 'Unproven Keys Realty',
      verified: false,
    });
    // Act, Assess
    expect((await search('unproven keys')).body.agents).toEqual([]);
    expect((await search('unproven.owner@realty-example.com')).body.agents).toEqual([]);
    await rebuildAgentDirectory();
    expect((await search('unproven keys')).body.agents).toEqual([]);
    expect(await partitionItems('DIRECTORY#unp')).toEqual([]);
    await verifiedAs(agent.client, agent.user);
    expect((await search('unproven keys')).body.agents.map((a: { id: string }) => a.id)).toEqual([agent.user.id]);
  });

  it('finds agents who registered before the index existed once it is rebuilt', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Oldtimer Brokerage' });
    for (const item of await partitionItems('DIRECTORY#old'))
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
    expect((await search('oldtimer')).body.agents).toEqual([]);
    expect(await rebuildAgentDirectory()).toBeGreaterThan(0);
    expect((await search('oldtimer')).body.agents.map((a: { id: string }) => a.id)).toEqual([agent.user.id]);
  });

  it(`answers at most ${AGENT_SEARCH_MAX_RESULTS} agents, and always finds an exact e-mail`, async () => {
    const many = [];
    for (let i = 0; i < AGENT_SEARCH_MAX_RESULTS + 5; i += 1)
      many.push(await signedInRealtor(api, { businessName: `Crowded Market Realty ${i}` }));
    const res = await search('crowded market');
    expect(res.body.agents).toHaveLength(AGENT_SEARCH_MAX_RESULTS);
    const last = many.at(-1)!;
    expect((await search(last.details.username)).body.agents.map((a: { id: string }) => a.id)).toContain(last.user.id);
  });

  it('is public, and never shows the login e-mail, phone, plan or dates', async () => {
    const agent = await signedInRealtor(api, { businessName: 'Private Details Realty' });
    for (const q of ['private details', agent.details.username]) {
      const res = await search(q);
      expect(res.body.agents).toHaveLength(1);
      expect(Object.keys(res.body.agents[0]).sort()).toEqual(['businessLocation', 'businessName', 'fullName', 'id']);
      expect(res.text).not.toContain(agent.details.phone);
      expect(res.text.toLowerCase()).not.toContain(agent.details.username.toLowerCase());
      expect(res.text).not.toContain('@');
    }
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
