// Connecting Google the way the browser does, against the local runtime's fake Google (the API tests of the Google
// connection and of what its features do): POST /api/google/connect, the fake consent page's Allow, then the app's
// callback.
import type { ApiClient } from './local-api';

export const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * The consent page's Allow as `account` on the fake Google, with the scopes left ticked (all of them unless `ticked`
 * says which), then the app's callback: where the callback sends the browser.
 */
export async function consent(
  client: ApiClient,
  authorizationUrl: string,
  account: string,
  ticked?: readonly string[],
): Promise<string> {
  const form = new URLSearchParams({ approve: 'yes', account });
  if (ticked) {
    form.set('granular', 'yes');
    for (const scope of ticked) form.append('scope', scope);
  }
  const allowed = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(allowed.status).toBe(303);
  const callback = await client.get(pathOf(allowed.headers.get('location')!));
  expect(callback.status).toBe(302);
  return callback.headers.get('location')!;
}

/** Asks to turn `features` on (none: the Business Profile alone) and allows it all on the consent page. */
export async function connectGoogle(
  client: ApiClient,
  account: string,
  features: string[] = [],
  ticked?: readonly string[],
): Promise<{ url: string; back: string }> {
  const started = await client.post('/api/google/connect', features.length ? { features } : undefined);
  expect(started.status).toBe(200);
  return {
    url: started.body.authorizationUrl as string,
    back: await consent(client, started.body.authorizationUrl, account, ticked),
  };
}
