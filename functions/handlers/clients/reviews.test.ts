import { SESv2Client } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Client, Dashboard } from '@shared/api-types';
import { resetConfig } from '../../config';
import { db, table } from '../../data/db';
import { clientKey } from '../../data/keys/clients';
import { clientInput, grantSmsConsent } from '../../testing/factories';
import { zoneAtLocalHour } from '../../testing/sending';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { REVIEW_CHECK_MESSAGES } from '../../services/review-check';
import { REVIEW_REQUEST_MESSAGES } from './post-client-review-request';
import { startHandlerApi, type HandlerApi } from '../../testing/handler-api';

const PLACE_ID = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

/** A Place Details (New) answer as Google sends it for `X-Goog-FieldMask: reviews,googleMapsLinks`. */
function placeDetails(authors: string[]) {
  return {
    reviews: authors.map((displayName, i) => ({
      name: `places/${PLACE_ID}/reviews/ChZDSUhNMG9nS0VJQ0FnSUM${i}`,
      relativePublishTimeDescription: `${i + 1} months ago`,
      rating: 5 - (i % 2),
      text: { text: 'Made buying our first home easy.', languageCode: 'en' },
      originalText: { text: 'Made buying our first home easy.', languageCode: 'en' },
      authorAttribution: {
        displayName,
        uri: `https://www.google.com/maps/contrib/10${i}/reviews`,
        photoUri: `https://lh3.googleusercontent.com/a/photo${i}`,
      },
      publishTime: `2025-0${i + 1}-14T18:22:05.123Z`,
      flagContentUri: 'https://www.google.com/local/review/rap/report?postId=x',
      googleMapsUri: 'https://www.google.com/maps/reviews/data=x',
    })),
    googleMapsLinks: {
      directionsUri: 'https://www.google.com/maps/dir//x',
      placeUri: 'https://maps.google.com/?cid=123',
      writeAReviewUri: 'https://www.google.com/maps/place//data=!4m3!3m2!1s0x0:0x1!12e1',
      reviewsUri: 'https://www.google.com/maps/place//data=!4m4!3m3!1s0x0:0x1!9m1!1b1',
      photosUri: 'https://www.google.com/maps/place//data=!4m3!3m2!1s0x0:0x1!10e5',
    },
  };
}
const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason
      ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] }
      : {}),
  },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const realFetch = globalThis.fetch;
let google: jest.Mock<Promise<Response>, [string, RequestInit | undefined]>;
let api: HandlerApi;

beforeAll(async () => {
  api = await startHandlerApi();
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith('https://places.googleapis.com/') ? google(url, init) : realFetch(input, init);
  });
});
beforeEach(() => {
  google = jest.fn(async (_url: string, _init: RequestInit | undefined) => json(200, placeDetails([])));
  process.env.GOOGLE_PLACES_API_KEY = 'test-places-key';
  resetConfig();
});
afterAll(async () => {
  jest.restoreAllMocks();
  delete process.env.GOOGLE_PLACES_API_KEY;
  resetConfig();
  await api.close();
});

/** A signed-in agent whose business profile names its Google Place, `placeId`. */
async function businessAgent(placeId = PLACE_ID) {
  const agent = await signedInAgent(api);
  await agent.client.patch('/api/user/business', {
    googlePlaceId: placeId,
    businessName: 'Rivera Home Group',
    businessLocation: 'Austin, TX',
  });
  return agent;
}

/** A signed-in agent with a business profile (none when `placeId` is null), and one client. */
async function agentWithClient(client: Record<string, unknown> = {}, placeId: string | null = PLACE_ID) {
  const agent = placeId ? await businessAgent(placeId) : await signedInAgent(api);
  const { body } = await agent.client.post('/api/clients', clientInput({ name: 'Maria Lopez', ...client }));
  await grantSmsConsent(agent.user.id, body.id as string);
  return { ...agent, clientId: body.id as string, clientEmail: body.email as string };
}
const check = (client: ApiClient, id: string) => client.post(`/api/clients/${id}/check-review`);

describe('POST /api/clients/{id}/check-review', () => {
  it('is not a GET: a check changes the client, so a link or prefetch cannot run one', async () => {
    const { client, clientId } = await agentWithClient();
    expect((await client.get(`/api/clients/${clientId}/check-review`)).status).toBe(405);
    expect(google).not.toHaveBeenCalled();
  });

  it('finds the client among the reviews Google shows, marks the review submitted and awards the milestone', async () => {
    // Prepare
    const { client, clientId } = await agentWithClient();
    google.mockResolvedValueOnce(json(200, placeDetails(['Tom B.', 'María L.', 'Sam Lee'])));
    // Act
    const res = await check(client, clientId);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      hasReview: true,
      message: "Found a Google review by María L.. Maria Lopez's review is now marked as submitted.",
    });
    expect(res.body.client).toMatchObject({ reviewStatus: 'submitted', reviewSubmittedAt: expect.any(String) });
    const [url, init] = google.mock.calls[0]!;
    expect(url).toBe(`https://places.googleapis.com/v1/places/${PLACE_ID}`);
    expect(init?.headers).toEqual({
      'X-Goog-Api-Key': 'test-places-key',
      'X-Goog-FieldMask': 'reviews,googleMapsLinks',
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const milestones = (await client.get(`/api/clients/${clientId}/milestones`)).body;
    expect(milestones.map((m: { name: string }) => m.name)).toContain('Review Submitted');
  });

  it('says the review is already recorded on a second check, without stamping it again', async () => {
    const { client, clientId } = await agentWithClient();
    google.mockImplementation(async () => json(200, placeDetails(['Maria Lopez'])));
    const first = await check(client, clientId);
    const second = await check(client, clientId);
    expect(second.body).toMatchObject({
      hasReview: true,
      message: "Maria Lopez's Google review (by Maria Lopez) is already recorded.",
    });
    expect(second.body.client.reviewSubmittedAt).toBe(first.body.client.reviewSubmittedAt);
  });

  it('says honestly what was checked when the client is not among the reviews', async () => {
    const { client, clientId } = await agentWithClient();
    google.mockResolvedValueOnce(json(200, placeDetails(['Tom B.', 'Ann K.', 'Sam Lee', 'Priya Patel', 'Daniel Kim'])));
    const res = await check(client, clientId);
    expect(res.body.hasReview).toBe(false);
    expect(res.body.message).toMatch(
      /^Checked the 5 most relevant reviews Google shares for your business \(Google shares at most 5\), and none is by Maria Lopez\./,
    );
    expect(res.body.client.reviewStatus).toBe('pending');
  });

  it('says so when Google shows no reviews at all', async () => {
    const { client, clientId } = await agentWithClient();
    google.mockResolvedValueOnce(json(200, {}));
    const res = await check(client, clientId);
    expect(res.body).toMatchObject({ hasReview: false, message: 'Google shows no reviews for your business yet.' });
  });

  it('says what to set up when there is no Google Places key, without calling Google', async () => {
    delete process.env.GOOGLE_PLACES_API_KEY;
    resetConfig();
    const { client, clientId } = await agentWithClient();
    const res = await check(client, clientId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasReview: false, message: REVIEW_CHECK_MESSAGES.notConfigured });
    expect(google).not.toHaveBeenCalled();
  });

  it('says what to set up when the agent has no Google Place ID', async () => {
    const { client, clientId } = await agentWithClient({}, null);
    const res = await check(client, clientId);
    expect(res.body).toMatchObject({ hasReview: false, message: REVIEW_CHECK_MESSAGES.noPlaceId });
    expect(google).not.toHaveBeenCalled();
  });

  it('tells the agent to check a Place ID Google does not know', async () => {
    const { client, clientId } = await agentWithClient();
    google.mockResolvedValueOnce(
      json(
        404,
        googleError(
          404,
          'NOT_FOUND',
          'The provided Place ID is no longer valid. Please refresh cached Place IDs per https://developers.google.com/maps/documentation/places/web-service/place-id#save-id.',
        ),
      ),
    );
    const res = await check(client, clientId);
    expect(res.status).toBe(200);
    expect(res.body.hasReview).toBe(false);
    expect(res.body.message).toMatch(
      /^Google does not recognise your Google Place ID\. Check it in your business profile\./,
    );
  });

  it.each([
    [
      'an invalid API key',
      502,
      () =>
        json(
          400,
          googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'),
        ),
      /GOOGLE_PLACES_API_KEY/,
    ],
    [
      'the Places API not enabled',
      502,
      () =>
        json(
          403,
          googleError(
            403,
            'PERMISSION_DENIED',
            'Places API (New) has not been used in project 1 before or it is disabled.',
            'SERVICE_DISABLED',
          ),
        ),
      /Places API \(New\) is enabled/,
    ],
    ['a quota refusal', 503, () => json(429, googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.')), /quota/],
    ['a server error', 503, () => json(500, googleError(500, 'INTERNAL', 'Internal error encountered.')), /HTTP 500/],
    [
      'a timeout',
      503,
      () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      /did not answer in time/,
    ],
    ['a network failure', 503, () => Promise.reject(new TypeError('fetch failed')), /could not be reached/],
  ])('answers %s from Google with a clear %d, never a 500', async (_what, status, answer, message) => {
    const { client, clientId } = await agentWithClient();
    google.mockImplementationOnce(answer as () => Promise<Response>);
    const res = await check(client, clientId);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect((await allClients(client))[0].reviewStatus).toBe('pending');
  });

  it("answers 404 for another agent's client and never asks Google", async () => {
    const { clientId } = await agentWithClient();
    const other = await businessAgent();
    expect((await check(other.client, clientId)).status).toBe(404);
    expect(google).not.toHaveBeenCalled();
  });
});

describe('POST /api/clients/{id}/request-review', () => {
  const request = (client: ApiClient, id: string) => client.post(`/api/clients/${id}/request-review`);
  const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);

  it("e-mails and texts the client's tracked review link, which leads to Google's write-a-review page, and marks the review requested", async () => {
    // Prepare
    const { client, clientId, clientEmail, details } = await agentWithClient({
      phone: '(512) 555-0199',
      timeZone: zoneAtLocalHour(12),
    });
    // Act
    const res = await request(client, clientId);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      emailed: true,
      texted: true,
      message: 'Review request sent to Maria Lopez by e-mail and text message.',
    });
    expect(res.body.client).toMatchObject({ reviewStatus: 'requested', reviewRequestedAt: expect.any(String) });
    const [mail] = await mailsTo(clientEmail);
    const link = new RegExp(`${api.url}/r/[A-Za-z0-9_-]{22}`).exec(mail!.text)![0];
    const opened = await client.get(new URL(link).pathname);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`https://search.google.com/local/writereview?placeid=${PLACE_ID}`);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: `${details.fullName} from Rivera Home Group would love to hear about your experience`,
    });
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(link);
    const sms = (await api.outbox()).filter((m) => m.channel === 'sms' && m.to === '+15125550199');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(link);
    expect((await allClients(client))[0]).toMatchObject({ reviewStatus: 'requested' });
  });

  it('moves the client in the review-sorted list and counts it awaiting on the dashboard, at once', async () => {
    // Prepare: three clients, all pending; the review order is by status, then by name.
    const { client, clientId } = await agentWithClient({ name: 'Maria Lopez' });
    for (const name of ['Ann Able', 'Zed Zane'])
      expect((await client.post('/api/clients', clientInput({ name }))).status).toBe(201);
    const reviewOrder = async () =>
      ((await client.get('/api/clients?sort=review&order=desc&limit=10')).body.clients as Client[]).map((c) => [
        c.name,
        c.reviewStatus,
      ]);
    expect(await reviewOrder()).toEqual([
      ['Zed Zane', 'pending'],
      ['Maria Lopez', 'pending'],
      ['Ann Able', 'pending'],
    ]);
    // Act
    expect((await request(client, clientId)).status).toBe(200);
    // Assess: first in the order (requested ranks above pending), and awaiting on the dashboard.
    expect(await reviewOrder()).toEqual([
      ['Maria Lopez', 'requested'],
      ['Zed Zane', 'pending'],
      ['Ann Able', 'pending'],
    ]);
    expect(((await client.get('/api/dashboard')).body as Dashboard).reviewsAwaiting).toBe(1);
  });

  it('asks at most once a week per client, even when clicked three times at once', async () => {
    // Prepare
    const { client, clientId, clientEmail } = await agentWithClient();
    // Act
    const results = await Promise.all([1, 2, 3].map(() => request(client, clientId)));
    const again = await request(client, clientId);
    // Assess
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(
      /^A review was already requested on \w+ \d+, \d{4}\. You can ask again from \w+ \d+, \d{4} \(at most once a week\)\.$/,
    );
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(6 * 24 * 3600);
    expect(await mailsTo(clientEmail)).toHaveLength(1);
  });

  it('asks again once a week has passed', async () => {
    const { client, clientId, user } = await agentWithClient();
    await request(client, clientId);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: clientKey(user.id, clientId),
        UpdateExpression: 'SET reviewRequestedAt = :t',
        ExpressionAttributeValues: { ':t': eightDaysAgo },
      }),
    );
    const res = await request(client, clientId);
    expect(res.status).toBe(200);
    expect(res.body.client.reviewRequestedAt).not.toBe(eightDaysAgo);
  });

  it('needs the agent’s Google Place ID first', async () => {
    const { client, clientId, clientEmail } = await agentWithClient({}, null);
    const res = await request(client, clientId);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: REVIEW_REQUEST_MESSAGES.noPlaceId, code: 'PLACE_ID_REQUIRED' });
    expect(await mailsTo(clientEmail)).toHaveLength(0);
  });

  it('does not ask a client who has already left a review', async () => {
    const { client, clientId } = await agentWithClient();
    await client.post(`/api/clients/${clientId}/review-status`, { status: 'submitted' });
    const res = await request(client, clientId);
    expect(res.status).toBe(409);
  });

  it('e-mails only when the phone cannot take a text, and says why', async () => {
    const { client, clientId } = await agentWithClient({ phone: '(012) 555-0100' });
    const res = await request(client, clientId);
    expect(res.body).toMatchObject({
      texted: false,
      message:
        'Review request sent to Maria Lopez by e-mail (no text message: the phone number cannot receive text messages).',
    });
  });

  it('answers 502 when the e-mail cannot be sent, and leaves the client as it was so the agent can retry', async () => {
    // Prepare
    const { client, clientId } = await agentWithClient();
    const ses = mockClient(SESv2Client).rejects(new Error('Email address is not verified.'));
    process.env.MAIL_PROVIDER = 'ses';
    resetConfig();
    try {
      // Act
      const res = await request(client, clientId);
      // Assess
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('The e-mail could not be sent. Please try again in a moment.');
      expect((await allClients(client))[0]).toMatchObject({
        reviewStatus: 'pending',
        reviewRequestedAt: null,
      });
      ses.resolves({ MessageId: 'm-1' });
      expect((await request(client, clientId)).status).toBe(200);
    } finally {
      ses.restore();
      process.env.MAIL_PROVIDER = 'outbox';
      resetConfig();
    }
  });

  it("answers 404 for another agent's client", async () => {
    const { clientId, clientEmail } = await agentWithClient();
    const other = await businessAgent();
    expect((await request(other.client, clientId)).status).toBe(404);
    expect(await mailsTo(clientEmail)).toHaveLength(0);
  });
});
