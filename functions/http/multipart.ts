// multipart/form-data bodies (file uploads) parsed with busboy, with a size limit per file.
import busboy from 'busboy';
import { HttpError } from './errors';

export type UploadedFile = { fieldName: string; filename: string; mimeType: string; data: Buffer };
export type MultipartBody = { fields: Record<string, string>; files: UploadedFile[] };

export function parseMultipart(
  body: Buffer,
  contentType: string | undefined,
  { maxFileBytes, tooLargeMessage }: { maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType ?? '' },
        // busboy calls a file that reaches `fileSize` too large: one byte more, so exactly maxFileBytes passes.
        limits: { fileSize: maxFileBytes + 1, files: 1, fields: 20, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(new HttpError(400, 'The upload is not a valid multipart form.', { code: 'BAD_MULTIPART' }));
      return;
    }
    const fields: Record<string, string> = Object.create(null);
    const files: UploadedFile[] = [];
    let failure: Error | undefined;
    parser.on('field', (name, value) => {
      if (!['__proto__', 'constructor', 'prototype'].includes(name)) fields[name] = value;
    });
    parser.on('file', (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new HttpError(413, tooLargeMessage, { code: 'FILE_TOO_LARGE' });
      });
      stream.on('end', () => {
        files.push({
          fieldName,
          filename: info.filename ?? '',
          mimeType: info.mimeType ?? 'application/octet-stream',
          data: Buffer.concat(chunks),
        });
      });
    });
    parser.on('error', () =>
      reject(new HttpError(400, 'The upload is not a valid multipart form.', { code: 'BAD_MULTIPART' })),
    );
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields: { ...fields }, files })));
    parser.end(body);
  });
}
