// Uploading a video testimonial: POST /api/video-testimonials for a presigned POST, the file
// straight to S3 with upload progress (XMLHttpRequest: fetch cannot report it), then
// POST /api/video-testimonials/{id}/complete so the server checks it and records it.
import type { Testimonial, TestimonialUpload } from '@shared/api-types';
import { api } from '@/lib/api-client';

export const VIDEO_TESTIMONIALS_URL = '/api/video-testimonials';

export type ClientCredentials = { clientId: string; clientToken: string };
export type RecordedTestimonial = Omit<Testimonial, 'url' | 'urlExpiresAt'>;

export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
}

export function requestTestimonialUpload(who: ClientCredentials, file: File): Promise<TestimonialUpload> {
  return api.post<TestimonialUpload>(VIDEO_TESTIMONIALS_URL, { ...who, contentType: file.type, size: file.size });
}

export function completeTestimonialUpload(who: ClientCredentials, uploadId: string): Promise<RecordedTestimonial> {
  return api.post<RecordedTestimonial>(`${VIDEO_TESTIMONIALS_URL}/${encodeURIComponent(uploadId)}/complete`, who);
}

/** Sends the file with the presigned POST's fields (the file last, as S3 requires), reporting progress from 0 to 1. */
export function sendToStorage(
  upload: TestimonialUpload,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new StorageUploadError(`The upload was refused (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new StorageUploadError('The connection was lost during the upload.'));
    xhr.onabort = () => reject(new StorageUploadError('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The whole upload: ask, send, confirm. */
export async function uploadTestimonial(
  who: ClientCredentials,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RecordedTestimonial> {
  const upload = await requestTestimonialUpload(who, file);
  await sendToStorage(upload, file, onProgress, signal);
  return completeTestimonialUpload(who, upload.uploadId);
}
