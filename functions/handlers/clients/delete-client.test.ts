// Deleting a client takes its testimonial videos out of the uploads bucket (s3rver here) and its
// testimonial records out of the table; S3 failing never blocks or half-does the client's delete.
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import type { ClientRegistrationResult } from '@shared/api-types';
import { config, resetConfig } from '../../config';
import { listTestimonials } from '../../data/testimonials';
import { deleteObjectsUnder, s3 } from '../../integrations/storage';
import { clientVideosPrefix, pendingObjectKey } from '../../integrations/video-uploads';
import { clientInput } from '../../testing/factories';
import { inviteClient, registeredClient } from '../../testing/invitations';
import { signedInAgent, type ApiClient, allClients } from '../../testing/local-api';
import { uploadExists, uploadTestimonial } from '../../testing/videos';
import { useHandlerApi, type HandlerApi } from '../../testing/handler-api';

let api: HandlerApi;
useHandlerApi((started) => (api = started), { s3: true });
afterEach(() => jest.restoreAllMocks());

async function keysUnder(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: config().uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** A fresh agent's client registered from an invitation, with one confirmed video testimonial: its S3 key. */
async function clientWithVideo() {
  const { agent, registration } = await registeredClient(api);
  const key = await uploadTestimonial(api, { clientId: registration.clientId, clientToken: registration.clientToken });
  return { agent, registration, key };
}

/** Another client of the same agent, registered from an invitation. */
async function anotherClientOf(agent: ApiClient): Promise<ClientRegistrationResult> {
  const invitee = clientInput();
  const token = await inviteClient(api, agent, { name: invitee.name, email: invitee.email });
  const res = await api.client().post('/api/client-registration', { token, phone: invitee.phone });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return res.body as ClientRegistrationResult;
}

const clientIds = async (agent: ApiClient) => ((await allClients(agent)) as Array<{ id: string }>).map((c) => c.id);

/** The warnings the handlers logged (JSON lines on stderr; tests log nothing by default) while `act` ran. */
async function warningsDuring(act: () => Promise<unknown>): Promise<Array<Record<string, any>>> {
  const lines: string[] = [];
  jest.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'warn';
  resetConfig();
  try {
    await act();
  } finally {
    process.env.LOG_LEVEL = level;
    resetConfig();
  }
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, any>;
      return parsed.level === 'warn' ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

describe('deleting a client with video testimonials', () => {
  it('deletes its confirmed and unconfirmed videos and its testimonial records, and nothing of the other clients', async () => {
    const { agent, registration } = await registeredClient(api);
    const who = { clientId: registration.clientId, clientToken: registration.clientToken };
    const confirmed = [await uploadTestimonial(api, who), await uploadTestimonial(api, who)];
    const unconfirmed = await uploadTestimonial(api, who, { confirm: false });
    const sibling = await anotherClientOf(agent.client);
    const siblingVideo = await uploadTestimonial(api, { clientId: sibling.clientId, clientToken: sibling.clientToken });
    const prefix = clientVideosPrefix(agent.user.id, registration.clientId);
    expect(await keysUnder(prefix)).toEqual([...confirmed].sort());
    expect(await keysUnder(pendingObjectKey(prefix))).toEqual([unconfirmed]);
    expect(await listTestimonials(registration.clientId)).toHaveLength(2);

    const res = await agent.client.delete(`/api/clients/${registration.clientId}`);

    expect(res.status).toBe(204);
    expect(await keysUnder(prefix)).toEqual([]);
    expect(await keysUnder(pendingObjectKey(prefix))).toEqual([]);
    for (const key of [...confirmed, unconfirmed]) expect(await uploadExists(key)).toBe(false);
    expect(await listTestimonials(registration.clientId)).toEqual([]);
    expect(await clientIds(agent.client)).toEqual([sibling.clientId]);
    expect(await uploadExists(siblingVideo)).toBe(true);
    expect(await listTestimonials(sibling.clientId)).toHaveLength(1);
  });

  it("leaves another agent's client and its videos alone (404)", async () => {
    const { agent, registration, key } = await clientWithVideo();
    const other = await signedInAgent(api);

    const res = await other.client.delete(`/api/clients/${registration.clientId}`);

    expect(res.status).toBe(404);
    expect(await uploadExists(key)).toBe(true);
    expect(await clientIds(agent.client)).toEqual([registration.clientId]);
    expect(await listTestimonials(registration.clientId)).toHaveLength(1);
  });

  it('still deletes the client (204) when S3 fails, and logs the videos it left for cleanup', async () => {
    const { agent, registration, key } = await clientWithVideo();
    const prefix = clientVideosPrefix(agent.user.id, registration.clientId);
    const failingS3 = mockClient(S3Client);
    failingS3.onAnyCommand().rejects(
      Object.assign(new Error('We encountered an internal error. Please try again.'), {
        name: 'InternalError',
        $fault: 'server',
      }),
    );
    let status = 0;
    let warnings: Array<Record<string, any>>;
    try {
      warnings = await warningsDuring(async () => {
        status = (await agent.client.delete(`/api/clients/${registration.clientId}`)).status;
      });
      expect(failingS3.commandCalls(ListObjectsV2Command)).toHaveLength(1);
    } finally {
      failingS3.restore();
    }

    expect(status).toBe(204);
    expect(await clientIds(agent.client)).toEqual([]);
    expect(await listTestimonials(registration.clientId)).toEqual([]);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        message: 'client videos left in the uploads bucket',
        prefix,
        error: expect.objectContaining({ name: 'InternalError' }),
      }),
    );
    // What the log names is what is left: unreachable from the app, for an operator to remove.
    expect(await keysUnder(prefix)).toEqual([key]);
    expect((await agent.client.delete(`/api/clients/${registration.clientId}`)).status).toBe(404);
  });
});

describe('deleteObjectsUnder', () => {
  const bucket = () => config().uploadsBucket;
  const put = (key: string) => s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: 'x' }));

  it('deletes everything under the folder and nothing beside it', async () => {
    const folder = `test-delete/${Date.now()}/abc/`;
    const inside = ['a', 'b', 'c', 'nested/d'].map((name) => `${folder}${name}`);
    const beside = `${folder.slice(0, -1)}d/keep`; // …/abcd/keep shares the text prefix, not the folder
    for (const key of [...inside, beside]) await put(key);

    expect(await deleteObjectsUnder(bucket(), folder)).toBe(inside.length);

    expect(await keysUnder(folder)).toEqual([]);
    expect(await uploadExists(beside)).toBe(true);
    expect(await deleteObjectsUnder(bucket(), folder)).toBe(0);
  });

  // s3rver cannot answer a truncated ListObjectsV2 on this Node (its continuation token uses DES,
  // which OpenSSL 3 refuses), so the paging is checked against a scripted S3.
  it('follows the continuation token, deleting each listed page', async () => {
    const paged = mockClient(S3Client);
    paged
      .on(ListObjectsV2Command, { ContinuationToken: undefined })
      .resolves({ Contents: [{ Key: 'f/a' }, { Key: 'f/b' }], IsTruncated: true, NextContinuationToken: 'page-2' })
      .on(ListObjectsV2Command, { ContinuationToken: 'page-2' })
      .resolves({ Contents: [{ Key: 'f/c' }], IsTruncated: false });
    paged.on(DeleteObjectsCommand).resolves({});
    try {
      expect(await deleteObjectsUnder('bucket', 'f/', 2)).toBe(3);
      expect(paged.commandCalls(ListObjectsV2Command).map((call) => call.args[0].input)).toEqual([
        expect.objectContaining({ Bucket: 'bucket', Prefix: 'f/', MaxKeys: 2, ContinuationToken: undefined }),
        expect.objectContaining({ Bucket: 'bucket', Prefix: 'f/', MaxKeys: 2, ContinuationToken: 'page-2' }),
      ]);
      expect(paged.commandCalls(DeleteObjectsCommand).map((call) => call.args[0].input.Delete?.Objects)).toEqual([
        [{ Key: 'f/a' }, { Key: 'f/b' }],
        [{ Key: 'f/c' }],
      ]);
    } finally {
      paged.restore();
    }
  });

  it('refuses a prefix that is not a folder', async () => {
    await expect(deleteObjectsUnder(bucket(), 'testimonials/agent/client')).rejects.toThrow(/must be a folder/);
    await expect(deleteObjectsUnder(bucket(), '/')).rejects.toThrow(/must be a folder/);
  });

  it('throws when S3 keeps some keys of a page', async () => {
    const partial = mockClient(S3Client);
    partial.on(ListObjectsV2Command).resolves({ Contents: [{ Key: 'f/a' }, { Key: 'f/b' }], IsTruncated: false });
    partial
      .on(DeleteObjectsCommand)
      .resolves({ Errors: [{ Key: 'f/b', Code: 'AccessDenied', Message: 'Access Denied' }] });
    try {
      await expect(deleteObjectsUnder('bucket', 'f/')).rejects.toThrow(
        'S3 kept 1 of 2 objects under f/ (first: AccessDenied Access Denied)',
      );
    } finally {
      partial.restore();
    }
  });
});
