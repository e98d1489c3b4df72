// Today's keep-in-touch list: the due clients as the API pages them, and "Done" logging a touch dated today, after
// which the list is read again (the client is no longer due).
import { MemoryRouter } from 'react-router-dom';
import type { ClientPage } from '@shared/api-types';
import { browserToday } from '@/lib/dates';
import { createClient } from '@/testing/data-generators';
import { callsTo, jsonResponse, mockApi } from '@/testing/mock-api';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { dueCheckInsKey } from './api/get-due-check-ins';
import { CHECK_IN_NOTE } from './api/mark-checked-in';
import { CheckInsCard, NO_CHECK_INS } from './check-ins-card';

const DUE = `GET ${dueCheckInsKey()}`;

describe('the check-ins card', () => {
  it('lists the due clients (each a link to their page) with their last contact and rhythm; Done logs a touch and the list is read again', async () => {
    const ana = createClient({ id: 'ana', name: 'Ana Ruiz', lastContactDate: '2026-01-05', cadenceDays: 30 });
    let page: ClientPage = { clients: [ana], nextCursor: null, total: 1 };
    const fetchMock = mockApi({
      [DUE]: () => jsonResponse(200, page),
      'POST /api/clients/ana/touches': () => {
        page = { clients: [], nextCursor: null, total: 0 };
        return jsonResponse(201, { touch: {}, client: ana });
      },
    });
    const { user } = renderWithProviders(
      <MemoryRouter>
        <CheckInsCard />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('link', { name: 'Ana Ruiz' })).toHaveAttribute('href', '/clients/ana');
    expect(screen.getByText('Last contact Jan 5, 2026 · every 30 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done: checked in with Ana Ruiz' }));

    expect(await screen.findByText(NO_CHECK_INS)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/clients/ana/touches')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/clients/ana/touches')[0]!.body).toEqual({
      kind: 'note',
      note: CHECK_IN_NOTE,
      date: browserToday(),
    });
  });
});
