import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import type { AdminExport } from '@shared/api-types';
import { newClientItem } from '../../data/clients';
import { batchWrite, db, table } from '../../data/db';
import { invitationIndexKeys, invitationKey, testimonialIndexKeys, testimonialKey } from '../../data/keys/clients';
import { clientInput } from '../../testing/factories';
import { signedInAgent, type ApiClient } from '../../testing/local-api';
import { partitionItems } from '../../testing/table';
import { useHandlerAdminApi, type HandlerApi } from '../../testing/handler-api';

const ADMIN_EMAIL = 'export-admin@example.com';

let api: HandlerApi;
let admin: ApiClient;
useHandlerAdminApi(ADMIN_EMAIL, (started) => ({ api, admin } = started), { s3: true, backgroundTasks: true });

it('is not a GET: storing an export is a side effect, so a link or prefetch cannot start one', async () => {
  expect((await admin.get('/api/admin/export')).status).toBe(405);
});

async function download(): Promise<{ files: Record<string, string>; res: Response; link: AdminExport }> {
  const res = await admin.post('/api/admin/export');
  expect(res.status).toBe(200);
  const link = res.body as AdminExport;
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  const zip = unzipSync(new Uint8Array(await file.arrayBuffer()));
  return {
    files: Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)])),
    res: file,
    link,
  };
}

const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
/** Ids are URL-safe base64, so some start with '-': the file shows them with the formula guard. */
const unguard = (cell: string | undefined) => (cell ?? '').replace(/^'(?=[-=+@\t\r])/, '');

describe('admin export', () => {
  it('hands out a short-lived link to admin-export.zip with the five files and nothing secret', async () => {
    const a = await signedInAgent(api, { fullName: '=Formula Agent' });
    const { body: c } = await a.client.post(
      '/api/clients',
      clientInput({ name: '@SUM(1+1)', birthday: '1980-01-01', anniversary: '2000-01-01', purchaseDate: '2015-01-01' }),
    );
    await a.client.post(`/api/clients/${c.id}/review-status`, { status: 'submitted' });
    const tokenHash = 'f'.repeat(64);
    const now = new Date().toISOString();
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...invitationKey(tokenHash),
          ...invitationIndexKeys(now, tokenHash),
          type: 'invitation',
          agentId: a.user.id,
          name: 'Invited Person',
          email: 'invited@example.com',
          createdAt: now,
          expiresAt: '2999-01-01T00:00:00.000Z',
        },
      }),
    );
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...testimonialKey(c.id, 'video-1'),
          ...testimonialIndexKeys(now, 'video-1'),
          type: 'testimonial',
          id: 'video-1',
          agentId: a.user.id,
          clientId: c.id,
          key: 'secret/storage/key.mp4',
          contentType: 'video/mp4',
          size: 1234,
          uploadedAt: now,
        },
      }),
    );

    const { files, res, link } = await download();
    expect(link.fileName).toBe('admin-export.zip');
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="admin-export.zip"');
    expect(Object.keys(files).sort()).toEqual([
      'agents.csv',
      'clients.csv',
      'invitations.csv',
      'milestones.csv',
      'testimonials.csv',
    ]);

    const agent = rowsOf(files['agents.csv']!).find((r) => unguard(r.id) === a.user.id)!;
    expect(agent).toMatchObject({
      username: a.user.username,
      fullName: "'=Formula Agent",
      plan: 'Free',
      clientCount: '1',
    });
    const client = rowsOf(files['clients.csv']!).find((r) => unguard(r.clientId) === c.id)!;
    expect(client).toMatchObject({ name: "'@SUM(1+1)", agentUsername: a.user.username, reviewStatus: 'submitted' });
    const invitation = rowsOf(files['invitations.csv']!)[0]!;
    expect(invitation).toMatchObject({
      name: 'Invited Person',
      email: 'invited@example.com',
      status: 'pending',
      agentUsername: a.user.username,
    });
    expect(
      rowsOf(files['milestones.csv']!)
        .filter((m) => unguard(m.clientId) === c.id)
        .map((m) => m.name),
    ).toEqual(expect.arrayContaining(['Review Submitted', 'Profile Complete']));
    const testimonials = rowsOf(files['testimonials.csv']!);
    expect(testimonials).toEqual([expect.objectContaining({ id: 'video-1', contentType: 'video/mp4', size: '1234' })]);
    expect(unguard(testimonials[0]!.clientId)).toBe(c.id);

    // Nothing secret: no password hash, session id, token hash or storage key anywhere in the zip.
    const everything = Object.values(files).join('\n');
    const userItems = await partitionItems(`USER#${a.user.id}`);
    const secrets = userItems.flatMap((i) => [i.passwordHash, i.sessionId]).filter(Boolean) as string[];
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const secret of [...secrets, tokenHash, 'secret/storage/key.mp4']) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/passwordHash|scrypt|SESSION#|INVITE#|tokenHash/);
  });

  it('pages through more clients than one read returns', async () => {
    // The export reads 500 clients at a time: 1,100 are three reads. Seeded as the client items the product writes, in
    // batch writes: what is under test is the export's reading, not 1,100 creates.
    const a = await signedInAgent(api);
    const now = new Date();
    const items = Array.from({ length: 1100 }, (_, i) =>
      newClientItem(a.user.id, `bulk-${a.user.id}-${i}`, clientInput({ name: `Bulk ${i}` }), now),
    );
    await batchWrite(
      items.map((item) => ({
        PutRequest: { Item: Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null)) },
      })),
    );
    const { files } = await download();
    const exported = rowsOf(files['clients.csv']!).filter((r) => unguard(r.agentId) === a.user.id);
    expect(exported).toHaveLength(1100);
    expect(new Set(exported.map((r) => unguard(r.clientId)))).toEqual(new Set(items.map((item) => item.id)));
  });
});
