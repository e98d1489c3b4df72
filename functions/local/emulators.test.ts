// The local S3 (s3rver) as the product uses it: deleting an object never fails a write beside it. s3rver removes a
// folder left empty by a delete, and a write to that folder that began before it (an import's upload while the job
// deletes the last import's files under the same agent) found its folder gone and answered 500; AWS has no folders.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3, type Emulator } from './emulators';

const BUCKET = 'race-bucket';
let s3: Emulator;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3({ buckets: [BUCKET] });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

it('writes an object while the last one of its folder is deleted, every time', async () => {
  const put = (key: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `body of ${key}` }));
  for (let i = 0; i < 40; i += 1) {
    const folder = `imports/agent-${i}`;
    await put(`${folder}/first.csv`);
    await Promise.all([
      client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${folder}/first.csv` })),
      put(`${folder}/second.csv`),
    ]);
    const read = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${folder}/second.csv` }));
    expect(await read.Body?.transformToString()).toBe(`body of ${folder}/second.csv`);
  }
});
