// The local runtime's DynamoDB calls reach dynalite inside this process without a socket: the SDK client keeps its
// steps (serialization, the twin's permission check, retries, parsing), and only its last one, the HTTP request
// handler, hands the request to dynalite's request listener and reads its answer. The sockets and HTTP parsing on both
// sides were about a tenth of an API test's CPU. Such a request is not signed either: dynalite checks only that the
// Authorization header has a SigV4 form and that X-Amz-Date is there, and computing the signature (hashing the body,
// the canonical request, four HMACs) was another 4 %. Requests to any other address (an emulator of another runtime in
// this process that has stopped, a real endpoint) are signed and sent by the client's own signer and handler.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import { addClientPlugin, type SdkClient } from '../lib/function-environment';

type Handler = { handle(request: HttpRequest, options?: unknown): Promise<{ response: HttpResponse }> };
type Signer = { sign(request: HttpRequest, identity: { accessKeyId?: string }, properties: unknown): Promise<unknown> };
type Config = { requestHandler?: Handler; httpAuthSchemes?: Array<{ signer?: Signer }> };

/** dynalite's request listener, by the host:port its server listens on. */
const listeners = new Map<string, RequestListener>();
let removePlugin: (() => void) | undefined;

/** Serves the requests SDK clients send to this dynalite server in process; answers the function that stops it. */
export function serveInProcess(server: Server): () => void {
  const { address, port } = server.address() as AddressInfo;
  const key = `${address}:${port}`;
  const listener = server.listeners('request')[0] as RequestListener;
  listeners.set(key, listener);
  removePlugin ??= addClientPlugin(inProcessPlugin);
  return () => {
    listeners.delete(key);
    if (listeners.size === 0) {
      removePlugin?.();
      removePlugin = undefined;
    }
  };
}

const listenerFor = (request: HttpRequest) => listeners.get(`${request.hostname}:${request.port}`);

function inProcessPlugin(client: SdkClient): void {
  const { requestHandler: handler, httpAuthSchemes = [] } = (client as { config?: Config }).config ?? {};
  if (!handler) return;
  const send = handler.handle.bind(handler);
  handler.handle = (request, options) => {
    const listener = listenerFor(request);
    return listener ? answer(listener, request) : send(request, options);
  };
  for (const { signer } of httpAuthSchemes) {
    if (!signer) continue;
    const sign = signer.sign.bind(signer);
    signer.sign = (request, identity, properties) =>
      listenerFor(request) ? Promise.resolve(unsigned(request, identity)) : sign(request, identity, properties);
  }
}

/** The headers of a SigV4 signature, in form only (the Signature is not computed). */
function unsigned(request: HttpRequest, identity: { accessKeyId?: string }): HttpRequest {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  request.headers['x-amz-date'] = date;
  request.headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${identity.accessKeyId ?? 'local'}/${date.slice(0, 8)}/local/dynamodb/aws4_request, ` +
    'SignedHeaders=host;x-amz-date, Signature=not-computed-in-process';
  return request;
}

/** Runs dynalite's listener on the request as node:http would hand it over, and collects what it writes. */
function answer(listener: RequestListener, request: HttpRequest): Promise<{ response: HttpResponse }> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams(
      Object.entries(request.query ?? {}).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value ?? '']).map((one) => [name, one]),
      ),
    ).toString();
    const incoming = Object.assign(new EventEmitter(), {
      method: request.method,
      url: `${request.path}${query ? `?${query}` : ''}`,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])),
    });
    const headers: Record<string, string> = {};
    const outgoing = {
      statusCode: 200,
      setHeader(name: string, value: string | number) {
        headers[name.toLowerCase()] = String(value);
      },
      end(body?: string | Buffer) {
        const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
        resolve({ response: { statusCode: this.statusCode, headers, body: bytes } });
      },
    };
    try {
      listener(incoming as unknown as IncomingMessage, outgoing as unknown as ServerResponse);
      const bytes = bodyBytes(request.body);
      if (bytes.length > 0) incoming.emit('data', bytes);
      incoming.emit('end');
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** The request's body as bytes: the SDK hands over a string or bytes (some of its byte views also act as strings). */
function bodyBytes(body: unknown): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('A DynamoDB request body is a string or bytes.');
}
