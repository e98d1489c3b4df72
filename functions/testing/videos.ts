// Test helpers for video testimonials, done the way the browser does them: ask for a presigned
// POST, send the file straight to S3 (s3rver), then confirm the upload.
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { TestimonialUpload } from '@shared/api-types';
import { config } from '../config';
import { s3 } from '../integrations/storage';
import { UPLOAD_PREFIXES } from '../integrations/video-uploads';
import type { ApiUnderTest } from './local-api';

/** What a registered client's browser holds. */
export type ClientCredentials = { clientId: string; clientToken: string };

export const TEST_VIDEO = Buffer.from('\x00\x00\x00\x18ftypmp42 a tiny test video');

/** Whether the uploads bucket holds an object under `key` (asked with a HEAD, as a browser's upload left it). */
export const uploadExists = (key: string): Promise<boolean> =>
  s3()
    .send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }))
    .then(
      () => true,
      (error: { name?: string }) => (error.name === 'NotFound' ? false : Promise.reject(error)),
    );

export function requestVideoUpload(
  api: ApiUnderTest,
  who: ClientCredentials,
  file: { contentType?: string; size?: number } = {},
) {
  return api.client().post<TestimonialUpload & { message?: string; code?: string }>('/api/video-testimonials', {
    ...who,
    contentType: file.contentType ?? 'video/mp4',
    size: file.size ?? TEST_VIDEO.length,
  });
}

/** What the browser does with the presigned POST: the fields, then the file last. Returns S3's status. */
export async function uploadVideoTo(
  upload: TestimonialUpload,
  body: Buffer = TEST_VIDEO,
  type = 'video/mp4',
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type }), 'testimonial.mp4');
  const res = await fetch(upload.url, { method: 'POST', body: form });
  return res.status;
}

export const completeVideoUpload = (api: ApiUnderTest, uploadId: string, who: ClientCredentials) =>
  api.client().post(`/api/video-testimonials/${uploadId}/complete`, who);

/**
 * The whole flow for one video; `confirm: false` stops after the upload (the browser left before confirming). Returns
 * the S3 key it is left at (pending/ until confirmed).
 */
export async function uploadTestimonial(
  api: ApiUnderTest,
  who: ClientCredentials,
  { confirm = true } = {},
): Promise<string> {
  const upload = await requestVideoUpload(api, who);
  if (upload.status !== 201) throw new Error(`upload request failed: ${upload.status} ${upload.text}`);
  const stored = await uploadVideoTo(upload.body);
  if (stored >= 300) throw new Error(`S3 refused the upload: ${stored}`);
  const pendingKey = upload.body.fields.key!;
  if (!confirm) return pendingKey;
  const done = await completeVideoUpload(api, upload.body.uploadId, who);
  if (done.status !== 201) throw new Error(`upload confirmation failed: ${done.status} ${done.text}`);
  return pendingKey.slice(UPLOAD_PREFIXES.pending.length);
}
