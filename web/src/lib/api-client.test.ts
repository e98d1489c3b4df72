import { emptyResponse, jsonResponse, mockApi } from '../testing/mock-api';
import { ApiError, api } from './api-client';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  describe('a non-OK answer', () => {
    it('becomes an ApiError whose message is the status, a colon and space, then the body text', async () => {
      mockApi({
        'POST /api/login': () => jsonResponse(401, { message: 'Invalid username or password' }, 'Unauthorized'),
      });

      const error = await caught(api.post('/api/login', { username: 'a@example.com', password: 'secret1' }));

      expect(error.message).toBe('401: {"message":"Invalid username or password"}');
      expect(error.status).toBe(401);
      expect(error.body).toEqual({ message: 'Invalid username or password' });
    });

    it('uses the status text when the body is empty', async () => {
      mockApi({ 'GET /api/user': () => emptyResponse(500, 'Internal Server Error') });

      const error = await caught(api.get('/api/user'));

      expect(error.message).toBe('500: Internal Server Error');
      expect(error.body).toBeNull();
    });

    it('keeps a plain-text body as it is', async () => {
      mockApi({ 'GET /api/user': () => new Response('Service Unavailable', { status: 503 }) });

      const error = await caught(api.get('/api/user'));

      expect(error.message).toBe('503: Service Unavailable');
      expect(error.body).toBeNull();
    });

    it('carries the code and the field errors of the body', async () => {
      mockApi({
        'POST /api/register': () =>
          jsonResponse(400, {
            message: 'Validation failed',
            code: 'VALIDATION',
            errors: { phone: 'Invalid phone number format', extra: 3 },
          }),
      });

      const error = await caught(api.post('/api/register', {}));

      expect(error.code).toBe('VALIDATION');
      expect(error.fieldErrors).toEqual({ phone: 'Invalid phone number format' });
    });
  });

  describe('requests', () => {
    it('sends cookies and JSON with a state-changing request', async () => {
      const fetchMock = mockApi({ 'POST /api/login': () => jsonResponse(200, { id: 'u1' }) });

      const result = await api.post('/api/login', { username: 'a@example.com', password: 'secret1' });

      expect(result).toEqual({ id: 'u1' });
      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(init).toMatchObject({
        method: 'POST',
        credentials: 'include',
        body: '{"username":"a@example.com","password":"secret1"}',
      });
      expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    });

    it('sends JSON even when a state-changing request has no payload', async () => {
      const fetchMock = mockApi({ 'POST /api/logout': () => emptyResponse(204) });

      await expect(api.post('/api/logout')).resolves.toBeUndefined();

      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
      expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    });

    it('sends cookies and no body with a read', async () => {
      const fetchMock = mockApi({ 'GET /api/user': () => jsonResponse(200, { id: 'u1' }) });

      await api.get('/api/user');

      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
      expect(init?.body).toBeUndefined();
    });
  });
});
