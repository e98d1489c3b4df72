// THE route table. The CDK stack (one Lambda per route) and the local server are both generated
// from it, so a route exists in both or in neither. `handler` names the file
// functions/handlers/<handler>.ts, which exports `handler`.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Access = 'public' | 'agent' | 'admin';

export type Route = {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/clients/{id}`. */
  path: string;
  /** `<resource>/<verb>-<resource>`: the handler file, the CDK construct id and the bundle name. */
  handler: string;
  access: Access;
  /** Request bodies this route accepts besides JSON (a file upload, a signed webhook). */
  body?: 'json' | 'multipart' | 'raw';
  /** Lambda memory; user-facing functions get 1024 MB (DESIGN §9). */
  memoryMb?: number;
  timeoutSeconds?: number;
};

export const routes: readonly Route[] = [
  { method: 'POST', path: '/api/register', handler: 'auth/post-register', access: 'public' },
  { method: 'POST', path: '/api/login', handler: 'auth/post-login', access: 'public' },
  { method: 'POST', path: '/api/logout', handler: 'auth/post-logout', access: 'public' },
  { method: 'GET', path: '/api/user', handler: 'user/get-user', access: 'agent' },
  { method: 'POST', path: '/api/password-reset/request', handler: 'password-reset/post-password-reset-request', access: 'public' },
  { method: 'POST', path: '/api/password-reset/confirm', handler: 'password-reset/post-password-reset-confirm', access: 'public' },
  { method: 'GET', path: '/api/clients', handler: 'clients/get-clients', access: 'agent' },
  { method: 'POST', path: '/api/clients', handler: 'clients/post-clients', access: 'agent' },
  { method: 'POST', path: '/api/clients/import', handler: 'clients/post-clients-import', access: 'agent', body: 'multipart', timeoutSeconds: 29 },
  { method: 'PATCH', path: '/api/clients/{id}', handler: 'clients/patch-client', access: 'agent' },
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'clients/delete-client', access: 'agent' },
  { method: 'POST', path: '/api/clients/{id}/review-status', handler: 'clients/post-client-review-status', access: 'agent' },
  { method: 'GET', path: '/api/clients/{id}/milestones', handler: 'clients/get-client-milestones', access: 'agent' },
];

export function findRouteByHandler(handler: string): Route {
  const route = routes.find((r) => r.handler === handler);
  if (!route) throw new Error(`No route in functions/routes.ts names the handler "${handler}"`);
  return route;
}

/** Turns `/api/clients/{id}` into a matcher that returns the path parameters, or null. */
export function compilePath(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${pattern}$`);
  return (actual) => {
    const match = regex.exec(actual);
    if (!match) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return params;
  };
}
