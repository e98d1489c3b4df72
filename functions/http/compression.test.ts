// Compressed answers: the encoding chosen from Accept-Encoding, and GET /api/clients through the
// local server sent as Brotli or gzip that decodes to the same JSON, or plain when not accepted.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { clientInput } from '../testing/factories';
import { signedInAgent, useTestApi, type TestApi } from '../testing/local-api';
import {
  chooseEncoding,
  compressResponse,
  COMPRESS_MIN_BYTES,
  RESPONSE_LIMIT_BYTES,
  TOO_LARGE_UNCOMPRESSED,
} from './compression';

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['GZIP', 'gzip'],
  ])('%p → %p', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressResponse', () => {
  const json = (size: number) => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ text: 'x'.repeat(size) }),
  });

  it('leaves a small body, a binary body and an already encoded one as they are, saying it varies', () => {
    expect(compressResponse(json(10), 'br')).toEqual({
      ...json(10),
      headers: { ...json(10).headers, vary: 'Accept-Encoding' },
    });
    const binary = {
      statusCode: 200,
      headers: { 'content-type': 'application/zip' },
      body: 'AAAA',
      isBase64Encoded: true,
    };
    expect(compressResponse(binary, 'br')).toBe(binary);
    const encoded = {
      statusCode: 200,
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      body: 'x'.repeat(5000),
    };
    expect(compressResponse(encoded, 'br')).toBe(encoded);
  });

  it('compresses a large JSON body to base64 Brotli that decodes to the same text', () => {
    const original = json(COMPRESS_MIN_BYTES * 4);
    const packed = compressResponse(original, 'gzip, br');
    expect(packed).toMatchObject({
      isBase64Encoded: true,
      headers: { 'content-encoding': 'br', vary: 'Accept-Encoding' },
    });
    expect(brotliDecompressSync(Buffer.from(packed.body!, 'base64')).toString('utf8')).toBe(original.body);
  });
});

describe('an answer beyond what Lambda can send (6 MB)', () => {
  // A calendar feed of a very large book: about 30 MB of text at 50,000 clients.
  const calendar = () => ({
    statusCode: 200,
    headers: { 'content-type': 'text/calendar; charset=utf-8', 'x-request-id': 'r1' },
    body: 'BEGIN:VEVENT\r\nSUMMARY:Birthday: Someone\r\nEND:VEVENT\r\n'.repeat(Math.ceil(RESPONSE_LIMIT_BYTES / 40)),
  });

  it('is answered 406 with a clear message when the caller does not accept compression', () => {
    for (const header of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const answer = compressResponse(calendar(), header);
      expect(answer.statusCode).toBe(406);
      expect(answer.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': 'r1',
        vary: 'Accept-Encoding',
      });
      expect(JSON.parse(answer.body!)).toEqual({ message: TOO_LARGE_UNCOMPRESSED, code: 'RESPONSE_TOO_LARGE' });
    }
  });

  it('is sent compressed, well under the limit, when the caller accepts gzip', () => {
    const original = calendar();
    const answer = compressResponse(original, 'gzip');
    expect(answer).toMatchObject({ statusCode: 200, isBase64Encoded: true, headers: { 'content-encoding': 'gzip' } });
    expect(answer.body!.length).toBeLessThan(RESPONSE_LIMIT_BYTES / 10);
    expect(gunzipSync(Buffer.from(answer.body!, 'base64')).toString('utf8')).toBe(original.body);
  });

  it('leaves an answer just under the limit as it is', () => {
    const small = { ...calendar(), body: 'x'.repeat(RESPONSE_LIMIT_BYTES) };
    expect(compressResponse(small, undefined)).toMatchObject({ statusCode: 200, body: small.body });
  });
});

describe('through the local server', () => {
  let api: TestApi;
  useTestApi((started) => (api = started));

  /** A raw GET (no automatic decoding), with the session cookie of `cookie`. */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const url = new URL(path, api.url);
      const req = request(url, { headers: { origin: api.url, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('sends the client list compressed when accepted, and plain when not', async () => {
    const { client } = await signedInAgent(api);
    for (let i = 0; i < 9; i += 1)
      expect(
        (await client.post('/api/clients', clientInput({ address: `${i} Long Street Name, Austin, TX` }))).status,
      ).toBe(201);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const plain = await rawGet('/api/clients', { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const expected = JSON.parse(plain.body.toString('utf8')) as { clients: unknown[] };
    expect(expected.clients).toHaveLength(9);

    const gz = await rawGet('/api/clients', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(expected);
    expect(gz.body.length).toBeLessThan(plain.body.length / 2);

    const br = await rawGet('/api/clients', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);
  });
});
