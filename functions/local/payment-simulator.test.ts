import { signedInAgent, startTestApi, type ApiClient, type TestApi } from '../testing/local-api';

let api: TestApi;
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  api = await startTestApi();
});
afterAll(() => api.close());

/** Submits a simulator page's form the way the browser does. */
function submit(client: ApiClient, url: string) {
  const { pathname, searchParams } = new URL(url);
  return client.request('POST', pathname, {
    body: new URLSearchParams({ session: searchParams.get('session') ?? '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('the local payment simulator', () => {
  it('upgrades the agent through a signed checkout.session.completed posted to the real webhook', async () => {
    // Prepare
    const { client } = await signedInAgent(api);
    const { body } = await client.post('/api/subscription/create-checkout');
    // Act
    const page = await client.get(new URL(body.url).pathname + new URL(body.url).search);
    const paid = await submit(client, body.url);
    // Assess
    expect(body.url).toMatch(new RegExp(`^${api.url}/local/checkout\\?session=`));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Local payment simulator — no charge');
    expect(page.text).toContain('Pay $15.00');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/settings?checkout=success');
    expect((await client.get('/api/user')).body.isPro).toBe(true);
  });

  it('cancels the subscription from the simulated billing portal', async () => {
    // Prepare
    const { client } = await signedInAgent(api);
    await submit(client, (await client.post('/api/subscription/create-checkout')).body.url);
    // Act
    const { body } = await client.post('/api/subscription/portal');
    const cancelled = await submit(client, body.url);
    // Assess
    expect(body.url).toMatch(new RegExp(`^${api.url}/local/billing-portal\\?session=`));
    expect(cancelled.status).toBe(303);
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });

  it('refuses a forged or mismatched session and upgrades no one', async () => {
    const { client } = await signedInAgent(api);
    const { body } = await client.post('/api/subscription/create-checkout');
    const forged = await submit(client, `${api.url}/local/checkout?session=eyJhbGciOiJIUzI1NiJ9.e30.forged`);
    const wrongPage = await submit(client, body.url.replace('/local/checkout', '/local/billing-portal'));
    expect(forged.status).toBe(400);
    expect(wrongPage.status).toBe(400);
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });

  it('refuses a cross-site form post', async () => {
    const { client } = await signedInAgent(api);
    const { body } = await client.post('/api/subscription/create-checkout');
    const { pathname, searchParams } = new URL(body.url);
    const res = await client.request('POST', pathname, {
      body: new URLSearchParams({ session: searchParams.get('session')! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await client.get('/api/user')).body.isPro).toBe(false);
  });
});
