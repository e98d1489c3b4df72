import { PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_VIDEO_BYTES, REGISTRATION_MESSAGES, VIDEO_UPLOADS_PER_CLIENT_PER_DAY } from '@shared/client-registration';
import { config, sessionSecret } from '../../config';
import { randomId, signToken } from '../../domain/signed-tokens';
import { s3 } from '../../integrations/storage';
import { clientInput } from '../../testing/factories';
import { registeredClient, signedInRealtor } from '../../testing/invitations';
import { signedInAgent, allClients } from '../../testing/local-api';
import {
  type ClientCredentials,
  completeVideoUpload,
  requestVideoUpload,
  TEST_VIDEO,
  uploadTestimonial,
  uploadExists,
  uploadVideoTo,
} from '../../testing/videos';
import { testimonialObjectKey, UPLOAD_PREFIXES } from '../../integrations/video-uploads';
import { UPLOAD_URL_TTL_SECONDS } from '../../services/video-testimonials';
import { tampered } from '../../testing/tamper';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true });

const VIDEO = TEST_VIDEO;

type Credentials = ClientCredentials;

const requestUpload = (who: Credentials, file: { contentType?: string; size?: number } = {}) =>
  requestVideoUpload(api, who, file);
const uploadTo = uploadVideoTo;
const complete = (uploadId: string, who: Credentials) => completeVideoUpload(api, uploadId, who);

function credentialsOf(registration: { clientId: string; clientToken: string }): Credentials {
  return { clientId: registration.clientId, clientToken: registration.clientToken };
}

describe('uploading a video testimonial', () => {
  it('hands out a presigned POST, records the upload once confirmed, and the agent can watch it', async () => {
    const { agent, registration } = await registeredClient(api);
    const who = credentialsOf(registration);
    const upload = await requestUpload(who);
    expect(upload.status).toBe(201);
    expect(upload.body.url.startsWith(config().s3Endpoint!)).toBe(true);
    expect(await uploadTo(upload.body)).toBeLessThan(300);

    const done = await complete(upload.body.uploadId, who);
    expect(done.status).toBe(201);
    expect(done.body).toEqual({
      id: upload.body.uploadId,
      contentType: 'video/mp4',
      size: VIDEO.length,
      uploadedAt: expect.any(String),
    });
    expect((await complete(upload.body.uploadId, who)).body).toEqual(done.body);

    const [client] = await allClients(agent.client);
    expect(client).toMatchObject({ id: registration.clientId, hasTestimonial: true });
    const list = await agent.client.get(`/api/clients/${registration.clientId}/testimonials`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...done.body, url: expect.any(String), urlExpiresAt: expect.any(String) }]);
    const minutes = (Date.parse(list.body[0].urlExpiresAt) - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(1);
    expect(minutes).toBeLessThanOrEqual(15);
    const video = await fetch(list.body[0].url);
    expect(video.status).toBe(200);
    expect(Buffer.from(await video.arrayBuffer())).toEqual(VIDEO);
  });

  it("bounds the policy to video/*, 200 MB, the server's key under the agent's prefix, and minutes", async () => {
    const { agent, registration } = await registeredClient(api);
    const upload = (
      await requestUpload(credentialsOf(registration), { contentType: 'video/quicktime', size: 5_000_000 })
    ).body;
    const key = upload.fields.key!;
    expect(key).toMatch(
      new RegExp(`^pending/testimonials/${agent.user.id}/${registration.clientId}/[A-Za-z0-9_-]+\\.mov$`),
    );
    expect(upload.fields['Content-Type']).toBe('video/quicktime');
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_VIDEO_BYTES],
        ['starts-with', '$Content-Type', 'video/'],
        { 'Content-Type': 'video/quicktime' },
        { key },
        { bucket: config().uploadsBucket },
      ]),
    );
    expect(MAX_VIDEO_BYTES).toBe(200 * 1024 * 1024);
    const expiresInSeconds = (Date.parse(policy.expiration) - Date.now()) / 1000;
    expect(expiresInSeconds).toBeGreaterThan(UPLOAD_URL_TTL_SECONDS - 60);
    expect(expiresInSeconds).toBeLessThanOrEqual(UPLOAD_URL_TTL_SECONDS);
    expect(UPLOAD_URL_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
  });

  it.each([
    ['a non-video type', { contentType: 'image/png' }, REGISTRATION_MESSAGES.videoOnly],
    ['a disguised type', { contentType: 'video/mp4; text/html' }, REGISTRATION_MESSAGES.videoOnly],
    ['more than 200 MB', { size: MAX_VIDEO_BYTES + 1 }, REGISTRATION_MESSAGES.videoTooLarge],
    ['an empty file', { size: 0 }, 'The video file is empty.'],
    ['a fractional size', { size: 10.5 }, 'size must be a whole number of bytes'],
  ])('refuses %s with 400', async (_label, file, message) => {
    const { registration } = await registeredClient(api);
    const res = await requestUpload(credentialsOf(registration), file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('uploads under pending/ (the bucket expires it after a day) and moves the video to its final key once confirmed', async () => {
    const { agent, registration } = await registeredClient(api);
    const who = credentialsOf(registration);
    const unconfirmed = await uploadTestimonial(api, who, { confirm: false });
    expect(unconfirmed.startsWith(UPLOAD_PREFIXES.pending)).toBe(true);
    expect(await uploadExists(unconfirmed)).toBe(true);

    const upload = (await requestUpload(who)).body;
    await uploadTo(upload);
    expect((await complete(upload.uploadId, who)).status).toBe(201);

    const finalKey = upload.fields.key!.slice(UPLOAD_PREFIXES.pending.length);
    expect(finalKey).toBe(testimonialObjectKey(agent.user.id, registration.clientId, upload.uploadId, 'video/mp4'));
    expect(await uploadExists(upload.fields.key!)).toBe(false);
    expect(await uploadExists(finalKey)).toBe(true);
    expect(await uploadExists(unconfirmed)).toBe(true);
  });

  it('refuses to record a file S3 does not hold', async () => {
    const { registration } = await registeredClient(api);
    const who = credentialsOf(registration);
    const upload = (await requestUpload(who)).body;
    const res = await complete(upload.uploadId, who);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('UPLOAD_MISSING');
  });

  it('checks what really arrived: a non-video object is refused and deleted', async () => {
    const { agent, registration } = await registeredClient(api);
    const who = credentialsOf(registration);
    const upload = (await requestUpload(who)).body;
    // s3rver does not enforce the policy, so put what a policy-breaking upload would leave
    await s3().send(
      new PutObjectCommand({
        Bucket: config().uploadsBucket,
        Key: upload.fields.key!,
        Body: '<html>',
        ContentType: 'text/html',
      }),
    );
    const res = await complete(upload.uploadId, who);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UPLOAD_REJECTED');
    expect(await uploadExists(upload.fields.key!)).toBe(false);
    expect((await allClients(agent.client))[0].hasTestimonial).toBe(false);
  });

  it(`allows ${VIDEO_UPLOADS_PER_CLIENT_PER_DAY} uploads a day per client`, async () => {
    const { registration } = await registeredClient(api);
    for (let i = 0; i < VIDEO_UPLOADS_PER_CLIENT_PER_DAY; i += 1)
      expect((await requestUpload(credentialsOf(registration))).status).toBe(201);
    const refused = await requestUpload(credentialsOf(registration));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('the client token', () => {
  it('refuses a missing, forged, expired or wrong-purpose token with 401', async () => {
    const { agent, registration } = await registeredClient(api);
    const secret = await sessionSecret();
    const claims = { sub: registration.clientId, jti: randomId(), agent: agent.user.id };
    const forgedKey = new TextEncoder().encode('x'.repeat(40));
    const tokens = [
      '',
      'not.a.token',
      await signToken(forgedKey, 'client-upload', claims, 600),
      await signToken(secret, 'client-upload', claims, -10),
      await signToken(secret, 'session', claims, 600),
      await signToken(secret, 'client-upload', { sub: registration.clientId, jti: randomId() }, 600),
      tampered(registration.clientToken),
    ];
    for (const clientToken of tokens) {
      const res = await requestUpload({ clientId: registration.clientId, clientToken });
      expect({ clientToken, status: res.status }).toEqual({ clientToken, status: clientToken === '' ? 400 : 401 });
    }
  });

  it("refuses another client's token with 403, for the upload and for its confirmation", async () => {
    const mine = await registeredClient(api);
    const theirs = await registeredClient(api);
    const stolen = { clientId: mine.registration.clientId, clientToken: theirs.registration.clientToken };
    const res = await requestUpload(stolen);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CLIENT_TOKEN_MISMATCH');

    const upload = (await requestUpload(credentialsOf(mine.registration))).body;
    await uploadTo(upload);
    expect((await complete(upload.uploadId, stolen)).status).toBe(403);
    expect((await complete(upload.uploadId, credentialsOf(theirs.registration))).status).toBe(404);
    expect((await allClients(mine.agent.client))[0].hasTestimonial).toBe(false);
  });

  it('stops working when the client has been deleted', async () => {
    const { agent, registration } = await registeredClient(api);
    await agent.client.delete(`/api/clients/${registration.clientId}`);
    expect((await requestUpload(credentialsOf(registration))).status).toBe(404);
  });
});

describe("the agent's view of testimonials", () => {
  it("answers 404 for another agent's client, and is for signed-in agents only", async () => {
    const { registration } = await registeredClient(api);
    const other = await signedInAgent(api);
    expect((await other.client.get(`/api/clients/${registration.clientId}/testimonials`)).status).toBe(404);
    expect((await api.client().get(`/api/clients/${registration.clientId}/testimonials`)).status).toBe(401);
  });

  it('lists nothing for a client without a video', async () => {
    const agent = await signedInRealtor(api);
    const { body: client } = await agent.client.post('/api/clients', clientInput());
    expect((await agent.client.get(`/api/clients/${client.id}/testimonials`)).body).toEqual([]);
  });
});
