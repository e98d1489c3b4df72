import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useApiMutation } from './api-mutation';
import { swrConfig } from './swr';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>;
}

describe('useApiMutation', () => {
  it('sends the trigger argument to the request and settles only after the cache step ran with the answer', async () => {
    const steps: string[] = [];
    const request = jest.fn(async (name: string) => {
      steps.push(`request ${name}`);
      return { id: 'c1', name };
    });
    const afterWrite = jest.fn(async (_mutate: unknown, result: { id: string }) => {
      steps.push(`after ${result.id}`);
    });
    const { result } = renderHook(() => useApiMutation('POST /things', request, afterWrite), { wrapper });

    let answer: unknown;
    await act(async () => {
      answer = await result.current.trigger('Ada');
    });

    expect(answer).toEqual({ id: 'c1', name: 'Ada' });
    expect(steps).toEqual(['request Ada', 'after c1']);
    expect(afterWrite).toHaveBeenCalledWith(expect.any(Function), { id: 'c1', name: 'Ada' });
  });

  it('rejects with the request error and leaves the cache alone', async () => {
    const afterWrite = jest.fn(async () => undefined);
    const { result } = renderHook(
      () => useApiMutation('POST /things', () => Promise.reject(new Error('409: Conflict')), afterWrite),
      { wrapper },
    );

    await act(async () => {
      await expect(result.current.trigger()).rejects.toThrow('409: Conflict');
    });

    expect(afterWrite).not.toHaveBeenCalled();
    expect(result.current.error?.message).toBe('409: Conflict');
  });
});
