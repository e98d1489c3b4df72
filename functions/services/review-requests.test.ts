// What asking for a review refuses, read as values: the use case called directly against dynalite (no
// request), each refusal kind it returns, and what a refused request leaves as it was.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { resetConfig } from '../config';
import { getClient } from '../data/clients';
import { db, table } from '../data/db';
import { clientKey } from '../data/keys/clients';
import { agentItem, clientItem } from '../testing/factories';
import { resetSendingSettings } from '../testing/sending';
import { REVIEW_REQUEST_INTERVAL_DAYS, requestReview } from './review-requests';
import { dbCallsOf, readsOf } from '../testing/db-calls';
import { useHandlerApi, type HandlerApi } from '../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started));
afterEach(resetSendingSettings);

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';
const DAY_MS = 24 * 3_600_000;
const reviewer = () => agentItem({ googlePlaceId: PLACE_ID, timeZone: 'America/New_York' });

describe('requestReview refuses, as a value', () => {
  it('an agent whose e-mail is not verified: email-unverified', async () => {
    const agent = await agentItem({ verified: false, googlePlaceId: PLACE_ID });
    const client = await clientItem(agent.id);
    expect(await requestReview(agent, client.id)).toEqual({ kind: 'email-unverified' });
  });

  it('an agent without a Google Place ID: place-id-required', async () => {
    const agent = await agentItem();
    const client = await clientItem(agent.id);
    expect(await requestReview(agent, client.id)).toEqual({ kind: 'place-id-required' });
  });

  it('a client the agent does not have: not-found', async () => {
    const agent = await reviewer();
    const other = await clientItem((await agentItem()).id);
    expect(await requestReview(agent, other.id)).toEqual({ kind: 'not-found', what: 'client' });
  });

  it('a client who already left a review: already-reviewed, the client left as it was', async () => {
    const agent = await reviewer();
    const client = await clientItem(agent.id);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: clientKey(agent.id, client.id),
        UpdateExpression: 'SET reviewStatus = :submitted',
        ExpressionAttributeValues: { ':submitted': 'submitted' },
      }),
    );
    expect(await requestReview(agent, client.id)).toEqual({ kind: 'already-reviewed' });
    expect(await getClient(agent.id, client.id)).toMatchObject({ reviewStatus: 'submitted' });
  });

  it('asked again within the week: too-soon, saying when it was asked and from when it may be', async () => {
    const agent = await reviewer();
    const client = await clientItem(agent.id);
    const first = new Date();
    expect(await requestReview(agent, client.id, first)).toMatchObject({ client: { reviewStatus: 'requested' } });
    const nextAt = new Date(first.getTime() + REVIEW_REQUEST_INTERVAL_DAYS * DAY_MS).toISOString();
    expect(await requestReview(agent, client.id, new Date(first.getTime() + 2 * DAY_MS))).toEqual({
      kind: 'too-soon',
      lastRequestedAt: first.toISOString(),
      nextAt,
      timeZone: 'America/New_York',
    });
  });

  it("past the day's e-mail cap: daily-limit, and the client is not marked requested", async () => {
    process.env.DAILY_EMAIL_LIMIT = '1';
    resetConfig();
    const agent = await reviewer();
    const asked = await clientItem(agent.id);
    const capped = await clientItem(agent.id);
    expect(await requestReview(agent, asked.id)).toMatchObject({ client: { id: asked.id } });
    expect(await requestReview(agent, capped.id)).toMatchObject({
      kind: 'daily-limit',
      channel: 'email',
      limit: 1,
      timeZone: 'America/New_York',
    });
    expect((await getClient(agent.id, capped.id))?.reviewRequestedAt).toBeUndefined();
    expect(await api.outbox()).not.toContainEqual(expect.objectContaining({ to: capped.email }));
  });
});

describe('a review request', () => {
  it('reads the client once: it is marked requested and mailed from the client as the request found it', async () => {
    const agent = await reviewer();
    const client = await clientItem(agent.id);
    const { result, calls } = await dbCallsOf(() => requestReview(agent, client.id));
    expect(result).toMatchObject({ client: { reviewStatus: 'requested' } });
    expect(readsOf(calls, clientKey(agent.id, client.id))).toBe(1);
  });
});
