// A fetch mock for tests: routes "METHOD /path" to handlers that return real Response objects.
export type MockRequest = {
  method: string;
  url: string;
  init: RequestInit;
  /** The parsed JSON body, if any. */
  body: unknown;
};

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

/**
 * Handlers by "METHOD /path" or "METHOD /path?query", matched exactly; "METHOD /path?*" answers any
 * query of that path that has no exact route of its own.
 */
export type MockRoutes = Record<string, MockHandler>;

export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

export function emptyResponse(status: number, statusText = ''): Response {
  return new Response(null, { status, statusText });
}

export function unauthorized(): Response {
  return jsonResponse(401, { message: 'Not logged in' }, 'Unauthorized');
}

/** A promise the test settles by hand, to observe pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function parseBody(init: RequestInit): unknown {
  if (typeof init.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
}

function routeFor(routes: MockRoutes, method: string, url: string): MockHandler | undefined {
  const exact = routes[`${method} ${url}`];
  const query = url.indexOf('?');
  return exact ?? (query === -1 ? undefined : routes[`${method} ${url.slice(0, query)}?*`]);
}

/** Installs a jest.fn as global fetch; an unmatched request fails the call loudly. */
export function mockApi(routes: MockRoutes): jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]> {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = routeFor(routes, method, url);
    if (!handler) throw new Error(`No mock for ${method} ${url}`);
    return handler({ method, url, init, body: parseBody(init) });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The requests made to one route ("METHOD /path?*": to that path with any query), in order. */
export function callsTo(fetchMock: jest.Mock, route: string): MockRequest[] {
  const [method, url] = route.split(' ');
  return fetchMock.mock.calls
    .map(([input, init = {}]: [RequestInfo | URL, RequestInit?]) => ({
      method: (init.method ?? 'GET').toUpperCase(),
      url: typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url,
      init,
      body: parseBody(init),
    }))
    .filter(
      (request) =>
        request.method === method &&
        (url!.endsWith('?*') ? request.url.startsWith(url!.slice(0, -1)) : request.url === url),
    );
}
