// The benches' HTTP client: node:http with a keep-alive agent (one socket, as a browser keeps its
// connection to the API), lighter than fetch, so what is timed is mostly the server's side. The
// answer's bytes come back as sent: a compressed answer is decoded by `decoded`, outside the timing,
// as the browser decodes it natively.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type RawAnswer = { status: number; encoding: string | undefined; bytes: Buffer };

export type BenchHttp = {
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer>;
  close(): void;
};

export function benchHttp(baseUrl: string): BenchHttp {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (method, path, headers, body) =>
      new Promise((done, fail) => {
        const req = request(
          `${baseUrl}${path}`,
          {
            method,
            headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            agent,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                encoding: res.headers['content-encoding'],
                bytes: Buffer.concat(chunks),
              }),
            );
            res.on('error', fail);
          },
        );
        req.on('error', fail);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** The answer's text, decoded from the compression it was sent with. */
export function decoded({ encoding, bytes }: RawAnswer): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === undefined || encoding === 'identity') return bytes.toString('utf8');
  throw new Error(`the answer came with an encoding the bench does not decode: ${encoding}`);
}
