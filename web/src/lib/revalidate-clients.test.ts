import type { ScopedMutator } from 'swr';
import { clientPageKey } from './clients';
import { revalidateClientReads } from './revalidate-clients';

/** The keys the filter handed to `mutate` picks out of `keys`. */
async function revalidated(keys: string[]): Promise<string[]> {
  let filter: ((key: unknown) => boolean) | undefined;
  const mutate = jest.fn(async (matcher: unknown) => {
    filter = matcher as (key: unknown) => boolean;
  }) as unknown as ScopedMutator;
  await revalidateClientReads(mutate);
  return keys.filter((key) => filter!(key));
}

describe('revalidateClientReads', () => {
  it("refreshes every page of the clients page, the whole book and each client's reads", async () => {
    const pages = [
      clientPageKey({ limit: 25, sort: 'name', order: 'asc' }),
      clientPageKey({ limit: 25, sort: 'created', order: 'desc', cursor: 'abc' }),
      clientPageKey({ limit: 25, q: 'josé' }),
      clientPageKey({ limit: 1 }),
    ];
    const others = [
      '/api/clients',
      '/api/clients/c-1/milestones',
      '/api/clients/c-1/relationship',
      '/api/user',
      '/api/insights?months=12',
      '/api/insights/referrals',
      '/api/today/next-best?limit=10',
    ];

    expect(await revalidated([...pages, ...others])).toEqual([...pages, ...others]);
  });

  it('leaves reads that a client change does not touch', async () => {
    expect(
      await revalidated(['/api/client-invitations', '/api/admin/clients', '/api/outgoing', '/api/automations']),
    ).toEqual([]);
  });
});

describe('clientPageKey', () => {
  it('names the search, or the order, then the cursor', () => {
    expect(clientPageKey({ limit: 25, sort: 'name', order: 'asc' })).toBe('/api/clients?limit=25&sort=name&order=asc');
    expect(clientPageKey({ limit: 50, sort: 'lastContact', order: 'desc', cursor: 'eyJway' })).toBe(
      '/api/clients?limit=50&sort=lastContact&order=desc&cursor=eyJway',
    );
    // A search comes in the order of the matched word: sort and order are left out.
    expect(clientPageKey({ limit: 25, q: 'ana r', sort: 'created', order: 'asc' })).toBe(
      '/api/clients?limit=25&q=ana+r',
    );
  });
});
