// Compressed answers: a JSON, CSV or text body of 1 KB or more is sent as Brotli or gzip
// when the request accepts it (Accept-Encoding, q-values honoured), with Vary: Accept-Encoding.
// It happens in the function, so it is the same locally and in AWS: API Gateway HTTP APIs do not
// compress, and CloudFront compresses only what its cache policy caches (the API's is
// CachingDisabled); CloudFront passes Content-Encoding through to the browser. A smaller body also
// keeps a big page under Lambda's 6 MB response limit.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export const COMPRESS_MIN_BYTES = 1024;
/**
 * Lambda sends at most 6 MB (6,291,456 bytes: the whole answer, headers and base64 included); a
 * bigger body never reaches the caller (API Gateway answers 502). Beyond this, a caller that does
 * not accept compression gets a clear 406 instead (a 50,000-client calendar feed is about 30 MB
 * of text and 2 MB gzipped).
 */
export const RESPONSE_LIMIT_BYTES = 6_000_000;
export const TOO_LARGE_UNCOMPRESSED =
  'This answer is too large to send uncompressed. Ask for it again accepting gzip or Brotli (Accept-Encoding: gzip, br).';
export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for this Accept-Encoding: Brotli first, then gzip, unless refused with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best;
}

const COMPRESSIBLE = /^(application\/json|text\/|application\/csv)/i;

/** The response compressed for `acceptEncoding`, or as it was when it should not be. */
export function compressResponse(
  response: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const headers = { ...(response.headers ?? {}) } as Record<string, string | number | boolean>;
  const contentType = String(headers['content-type'] ?? '');
  const body = response.body;
  if (!body || response.isBase64Encoded || headers['content-encoding'] || !COMPRESSIBLE.test(contentType))
    return response;
  const raw = Buffer.from(body, 'utf8');
  const vary = { ...headers, vary: headers.vary ? `${String(headers.vary)}, Accept-Encoding` : 'Accept-Encoding' };
  const encoding = raw.length >= COMPRESS_MIN_BYTES ? chooseEncoding(acceptEncoding) : undefined;
  if (!encoding && raw.length > RESPONSE_LIMIT_BYTES) {
    return {
      statusCode: 406,
      headers: { ...vary, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: TOO_LARGE_UNCOMPRESSED, code: 'RESPONSE_TOO_LARGE' }),
      cookies: response.cookies,
    };
  }
  if (!encoding) return { ...response, headers: vary };
  // Brotli at quality 4: most of the size win for a fraction of the time of the default 11.
  const packed =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 6 });
  return {
    ...response,
    headers: { ...vary, 'content-encoding': encoding },
    body: packed.toString('base64'),
    isBase64Encoded: true,
  };
}
