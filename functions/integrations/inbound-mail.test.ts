// The link to a reply's original presigns a GET of a kept reply (inbound-email/<SES message id>) only: a key anywhere
// else in the uploads bucket, stored on a message by whatever means, is refused unsigned (the route's role may read
// inbound-email/* and nothing else of the bucket).
import { resetConfig } from '../config';
import { inboundEmailLink, isInboundEmailKey } from './inbound-mail';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const SETTINGS = { APP_URL: 'http://localhost:3000', TABLE_NAME: 'test', UPLOADS_BUCKET: 'uploads' };
const before = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, SETTINGS);
  resetConfig();
});
afterAll(() => {
  for (const [name, value] of Object.entries(before))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetConfig();
});

describe('the link to an original e-mail', () => {
  it('presigns a GET of a kept reply, downloaded as reply.eml', async () => {
    // Act
    const link = await inboundEmailLink('inbound-email/0100018e2c1a-abc.def_1', NOW);

    // Assess
    const url = new URL(link!.url);
    expect(url.pathname).toMatch(/\/inbound-email\/0100018e2c1a-abc\.def_1$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="reply.eml"');
    expect(link!.expiresAt).toBe('2026-03-01T12:05:00.000Z');
  });

  it.each([
    'testimonials/agent-1/client-1/upload-1.mp4',
    'imports/agent-1/import-1.csv',
    'pending/inbound-email/abc',
    // Mail SES stored that no reply took in: never an original.
    'inbound-email/received/abc',
    'inbound-email/../testimonials/agent-1/client-1/upload-1.mp4',
    'inbound-email/',
    'inbound-email/.hidden',
    '/inbound-email/abc',
    '',
  ])('refuses, and signs nothing for, %j', async (key) => {
    // Assess
    expect(isInboundEmailKey(key)).toBe(false);
    expect(await inboundEmailLink(key, NOW)).toBeUndefined();
  });
});
