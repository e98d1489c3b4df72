import type { Segment, TagCount } from '@shared/api-types';
import { callsTo, deferred, jsonResponse, mockApi } from '@/testing/mock-api';
import { expectLabelledBy, fill, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { NewBroadcastDialog } from './new-broadcast-dialog';

const pastBuyers: TagCount = { name: 'Past buyer', count: 2 };
const sellers: Segment = {
  id: 'seg-1',
  name: 'Sellers in Austin',
  filter: { tag: 'Seller', q: 'Austin' },
  count: 5,
  createdAt: '2025-01-20T10:00:00.000Z',
};

function openBroadcast({ tags = [pastBuyers], segments = [sellers] } = {}) {
  const fetchMock = mockApi({
    'GET /api/tags': () => jsonResponse(200, { tags }),
    'GET /api/segments': () => jsonResponse(200, { segments }),
    'POST /api/broadcasts': () => jsonResponse(202, { id: 'b1' }),
    // The status card reads the broadcast while it drafts: still under way for these tests.
    'GET /api/broadcasts/b1': () => deferred<Response>().promise,
  });
  const onClose = jest.fn();
  const view = renderWithProviders(<NewBroadcastDialog open onClose={onClose} isPro={false} currentFilter={null} />);
  const dialog = screen.getByRole('dialog');
  expectLabelledBy(dialog, 'New broadcast');
  return { ...view, fetchMock, onClose, dialog };
}

describe('a new broadcast', () => {
  it('goes to the first tag by e-mail for a holiday unless chosen otherwise, then follows its drafting', async () => {
    const { user, dialog, fetchMock } = openBroadcast();
    expect(within(dialog).getByRole('radio', { name: 'Clients with a tag' })).toBeChecked();
    expect(await within(dialog).findByLabelText('Tag')).toHaveDisplayValue('Past buyer (2)');

    await user.click(within(dialog).getByRole('button', { name: 'Start broadcast' }));

    expect(await within(dialog).findByRole('status', { name: 'Loading the broadcast' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/broadcasts').map((request) => request.body)).toEqual([
      { filter: { tag: 'Past buyer' }, channel: 'email', occasion: 'holiday', mode: 'approve' },
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Start broadcast' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('sends a saved segment, a channel, an occasion and the instructions as chosen', async () => {
    const { user, dialog, fetchMock } = openBroadcast();
    await user.click(await within(dialog).findByRole('radio', { name: 'A saved segment' }));
    expect(await within(dialog).findByLabelText('Segment')).toHaveDisplayValue('Sellers in Austin (5)');
    await user.selectOptions(within(dialog).getByLabelText('Channel'), 'Text message');
    await user.selectOptions(within(dialog).getByLabelText('Occasion'), 'Check-in');
    await fill(user, within(dialog).getByLabelText('Instructions'), '  Ask about the spring market.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Start broadcast' }));

    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/broadcasts').map((request) => request.body)).toEqual([
        {
          segmentId: 'seg-1',
          channel: 'sms',
          occasion: 'check-in',
          mode: 'approve',
          instructions: 'Ask about the spring market.',
        },
      ]),
    );
  });

  it('asks what the message is about before starting one for something else, and stays open', async () => {
    const { user, dialog, fetchMock, onClose } = openBroadcast();
    await within(dialog).findByLabelText('Tag');
    await user.selectOptions(within(dialog).getByLabelText('Occasion'), 'Something else (say what below)');
    await user.click(within(dialog).getByRole('button', { name: 'Start broadcast' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say what the message is about.');
    expect(within(dialog).getByLabelText(/^Instructions/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/broadcasts')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says who is missing when the agent has neither tags nor segments', async () => {
    const { user, dialog, fetchMock } = openBroadcast({ tags: [], segments: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Start broadcast' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose who the broadcast is for.');
    expect(callsTo(fetchMock, 'POST /api/broadcasts')).toHaveLength(0);
  });
});
