// The S3 client (the uploads and exports buckets), pointed at s3rver by configuration locally, and
// what every kind of upload shares: the presigned POST the browser sends a file with, and the look
// at what arrived.
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  S3Client,
  type ObjectIdentifier,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { config } from '../config';
import { authorizeAwsCall } from '../lib/function-environment';
import { traced } from '../observability/tracing';

let client: S3Client | undefined;
let clientEndpoint: string | undefined;

export function s3(): S3Client {
  const { region, s3Endpoint } = config();
  if (!client || clientEndpoint !== s3Endpoint) {
    client = traced(new S3Client({ region, ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}) }));
    clientEndpoint = s3Endpoint;
  }
  return client;
}

/**
 * Deletes every object whose key starts with `prefix` (a "folder": it must end with `/`, so
 * `…/abc/` never reaches `…/abcd/`), one listed page at a time (S3 lists and deletes at most
 * 1,000 keys per call). Returns how many objects were deleted; throws when S3 refuses a call or
 * keeps any key of a page, leaving the rest for a later run (it is safe to run again).
 */
export async function deleteObjectsUnder(
  bucket: string,
  prefix: string,
  pageSize = 1000,
  { asVersions = false }: { asVersions?: boolean } = {},
): Promise<number> {
  assertFolder(prefix);
  let deleted = 0;
  let continuationToken: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        MaxKeys: pageSize,
        ContinuationToken: continuationToken,
      }),
    );
    const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    // The versioned delete the deployed function makes of these (s3rver's objects are each one "null" version).
    if (asVersions && objects.length > 0)
      authorizeAwsCall({
        client: 'S3Client',
        command: 'DeleteObjectsCommand',
        input: { Bucket: bucket, Delete: { Objects: objects.map(({ Key }) => ({ Key, VersionId: 'null' })) } },
      });
    deleted += await deleteListed(bucket, prefix, objects);
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
  return deleted;
}

/**
 * Deletes every version of every object under `prefix` (a folder, as deleteObjectsUnder's) in a versioned bucket,
 * delete markers included, a listed page (at most 1,000) at a time: where leaving nothing is the point (closing an
 * account), as a plain delete only stacks a delete marker on the object and its versions stay until the bucket's
 * lifecycle expires them. Returns how many versions were deleted; throws, as deleteObjectsUnder, when S3 keeps any.
 * s3rver, the local runtime's S3 (S3_ENDPOINT), keeps no versions and has no ListObjectVersions: there the twin checks
 * the calls the deployed function makes against its role, then the objects are deleted as deleteObjectsUnder does.
 */
export async function deleteEveryVersionUnder(bucket: string, prefix: string, pageSize = 1000): Promise<number> {
  assertFolder(prefix);
  if (config().s3Endpoint) {
    authorizeAwsCall({
      client: 'S3Client',
      command: 'ListObjectVersionsCommand',
      input: { Bucket: bucket, Prefix: prefix },
    });
    return deleteObjectsUnder(bucket, prefix, pageSize, { asVersions: true });
  }
  let deleted = 0;
  let markers: { KeyMarker?: string; VersionIdMarker?: string } = {};
  for (;;) {
    const page = await s3().send(
      new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, MaxKeys: pageSize, ...markers }),
    );
    const versions = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].flatMap(({ Key, VersionId }) =>
      Key && VersionId ? [{ Key, VersionId }] : [],
    );
    deleted += await deleteListed(bucket, prefix, versions);
    if (!page.IsTruncated) return deleted;
    markers = { KeyMarker: page.NextKeyMarker, VersionIdMarker: page.NextVersionIdMarker };
  }
}

function assertFolder(prefix: string): void {
  if (!prefix.endsWith('/') || prefix.length < 2)
    throw new Error(`refusing to delete under "${prefix}": the prefix must be a folder ending in /`);
}

/** One DeleteObjects of a listed page (keys, or versions); throws when S3 keeps any. */
async function deleteListed(bucket: string, prefix: string, objects: ObjectIdentifier[]): Promise<number> {
  if (objects.length === 0) return 0;
  const out = await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
  const kept = out.Errors ?? [];
  if (kept.length > 0)
    throw new Error(
      `S3 kept ${kept.length} of ${objects.length} objects under ${prefix} (first: ${kept[0]!.Code ?? 'error'} ${kept[0]!.Message ?? ''})`,
    );
  return objects.length;
}

export type PresignedPost = { url: string; fields: Record<string, string> };

/**
 * A presigned POST the browser uploads one file with: the key fixed by the server, the size within
 * 1..maxBytes, the content type as given (or, with `typePrefix`, any type starting with it).
 */
export async function presignPost(
  bucket: string,
  input: { key: string; contentType: string; maxBytes: number; expiresSeconds: number; typePrefix?: string },
): Promise<PresignedPost> {
  // Signing sends nothing: the upload is what the role must allow, so the twin checks that here.
  authorizeAwsCall({ client: 'S3Client', command: 'PutObjectCommand', input: { Bucket: bucket, Key: input.key } });
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, input.maxBytes],
      input.typePrefix
        ? ['starts-with', '$Content-Type', input.typePrefix]
        : ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: input.expiresSeconds,
  });
  return { url, fields };
}

/** What the bucket holds under the key, or undefined when nothing arrived. */
export async function headObject(
  bucket: string,
  key: string,
): Promise<{ size: number; contentType: string; etag: string } | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      size: Number(out.ContentLength ?? 0),
      contentType: (out.ContentType ?? '').toLowerCase(),
      etag: out.ETag ?? '',
    };
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return undefined;
    throw error;
  }
}
