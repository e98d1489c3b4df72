import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from './swr';
import { createUser } from '../testing/data-generators';
import { emptyResponse, jsonResponse, mockApi, unauthorized } from '../testing/mock-api';
import { useUser } from './auth';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>;
}

describe('useUser', () => {
  it('gives null, not an error, when GET /api/user answers 401', async () => {
    mockApi({ 'GET /api/user': () => unauthorized() });

    const { result } = renderHook(() => useUser(), { wrapper });

    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.error).toBeUndefined();
  });

  it('gives the signed-in user', async () => {
    const user = createUser({ fullName: 'Sam Rivera' });
    mockApi({ 'GET /api/user': () => jsonResponse(200, user) });

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.user).toEqual(user));
  });

  it('exposes other failures as an error, and does not retry them', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => emptyResponse(500, 'Internal Server Error') });

    const { result } = renderHook(() => useUser(), { wrapper });

    await waitFor(() => expect(result.current.error?.message).toBe('500: Internal Server Error'));
    expect(result.current.user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
