// Saved segments on the clients list: "Save as segment" keeps the list's filter under a name, a segment's chip shows
// its clients, and its menu renames or deletes it; each write is the API's own route, and the chips follow.
import type { Segment } from '@shared/api-types';
import { SEGMENT_MESSAGES } from '@shared/segments';
import { callsTo, emptyResponse, jsonResponse, mockApi } from '@/testing/mock-api';
import { expectLabelledBy, fill, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { TagFilter } from './tag-filter';

const sellers: Segment = {
  id: 'seg-sellers',
  name: 'Sellers',
  filter: { tag: 'Seller', q: 'austin' },
  count: 4,
  createdAt: '2026-01-10T10:00:00.000Z',
};

function showFilters(
  { tag, q = '' }: { tag?: string; q?: string },
  segments: Segment[],
  routes: Parameters<typeof mockApi>[0] = {},
) {
  let saved = segments;
  const fetchMock = mockApi({
    'GET /api/tags': () => jsonResponse(200, { tags: [{ name: 'Buyer', count: 3 }] }),
    'GET /api/segments': () => jsonResponse(200, { segments: saved }),
    ...routes,
  });
  const onFilter = jest.fn();
  const view = renderWithProviders(<TagFilter tag={tag} q={q} matching={3} onFilter={onFilter} />);
  return { ...view, fetchMock, onFilter, setSaved: (next: Segment[]) => (saved = next) };
}

describe('saving the list’s filter as a segment', () => {
  it('saves the tag under the name given, then offers the segment as a chip instead of saving again', async () => {
    const pastBuyers: Segment = {
      ...sellers,
      id: 'seg-buyers',
      name: 'Past buyers',
      filter: { tag: 'Buyer' },
      count: 3,
    };
    const { user, fetchMock, setSaved } = showFilters({ tag: 'Buyer' }, [], {
      'POST /api/segments': () => {
        setSaved([pastBuyers]);
        return jsonResponse(201, pastBuyers);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save as segment' }));
    const dialog = screen.getByRole('dialog');
    expectLabelledBy(dialog, 'Save as segment');
    expect(dialog).toHaveAccessibleDescription(
      'The clients tagged Buyer: 3 clients now. Clients who match later join it.',
    );
    const name = within(dialog).getByLabelText('Segment name');
    expect(name).toHaveValue('Buyer');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(await within(dialog).findByText(SEGMENT_MESSAGES.name)).toBeInTheDocument();
    await fill(user, name, 'Past buyers');
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));

    expect(await screen.findByRole('button', { name: 'Past buyers (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, 'POST /api/segments').map((request) => request.body)).toEqual([
      { name: 'Past buyers', filter: { tag: 'Buyer' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Save as segment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a saved segment', () => {
  it('shows its clients from its chip, and is renamed from its menu', async () => {
    const { user, fetchMock, onFilter, setSaved } = showFilters({}, [sellers], {
      'PATCH /api/segments/seg-sellers': ({ body }) => {
        const renamed = { ...sellers, name: (body as { name: string }).name };
        setSaved([renamed]);
        return jsonResponse(200, renamed);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sellers (4)' }));
    expect(onFilter).toHaveBeenCalledWith({ tag: 'Seller', q: 'austin' });
    // Nothing to save while the list shows no filter.
    expect(screen.queryByRole('button', { name: 'Save as segment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename or delete Sellers' }));
    await user.click(within(screen.getByRole('menu', { name: 'Rename or delete Sellers' })).getByText('Rename'));
    const dialog = screen.getByRole('dialog');
    expectLabelledBy(dialog, 'Rename Sellers');
    const name = within(dialog).getByLabelText('Segment name');
    await user.clear(name);
    await fill(user, name, '  Austin sellers ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByRole('button', { name: 'Austin sellers (4)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/segments/seg-sellers').map((request) => request.body)).toEqual([
      { name: 'Austin sellers' },
    ]);
  });

  it('is deleted from its menu once confirmed, and a refusal is told in the dialog', async () => {
    let fail = true;
    const { user, fetchMock, setSaved } = showFilters({}, [sellers], {
      'DELETE /api/segments/seg-sellers': () => {
        if (fail) return jsonResponse(503, { message: 'The service is busy.' });
        setSaved([]);
        return emptyResponse(204);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename or delete Sellers' }));
    await user.click(within(screen.getByRole('menu')).getByText('Delete'));
    const dialog = screen.getByRole('alertdialog');
    expectLabelledBy(dialog, 'Delete Sellers?');
    expect(dialog).toHaveTextContent('The segment goes; its 4 clients stay in your list.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete segment' }));
    expect(await within(dialog).findByText('The service is busy.')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete segment' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sellers (4)' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/segments/seg-sellers')).toHaveLength(2);
  });
});
