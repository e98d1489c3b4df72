import { jsonResponse, mockApi } from '../testing/mock-api';
import { defaultFetcher, swrConfig } from './swr';

describe('SWR defaults', () => {
  it('never retries, never refetches on focus, reconnect or interval, and treats data as never stale', () => {
    expect(swrConfig).toMatchObject({
      shouldRetryOnError: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      refreshInterval: 0,
    });
  });

  it('reads the first element of an array key as the URL', async () => {
    const fetchMock = mockApi({ 'GET /api/clients': () => jsonResponse(200, []) });

    await expect(defaultFetcher(['/api/clients', 'agent-1'])).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
