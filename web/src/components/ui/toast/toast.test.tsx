import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { act, fireEvent, renderWithProviders, screen, toastRegion, visibleToasts, within } from '@/testing/test-utils';
import { TOAST_DURATION_MS } from '@shared/constants';
import { createToast, toastReducer } from './toast-store';
import { useToast } from './use-toast';

function ToastButtons() {
  const { toast } = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          toast({ title: 'Client added successfully', description: 'You can add 9 more client(s) on the free plan' })
        }
      >
        first
      </button>
      <button type="button" onClick={() => toast({ title: 'Client deleted successfully', variant: 'success' })}>
        second
      </button>
      <button
        type="button"
        onClick={() => toast({ title: 'Error', description: 'Something failed', variant: 'destructive' })}
      >
        destructive
      </button>
    </>
  );
}

function show(name: 'first' | 'second' | 'destructive') {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** A finger (or mouse) down at the first x, moved through the others, lifted at the last. */
function swipe(element: HTMLElement, [start, ...moves]: [number, ...number[]]) {
  fireEvent.pointerDown(element, { clientX: start, button: 0 });
  for (const clientX of moves) fireEvent.pointerMove(element, { clientX });
  fireEvent.pointerUp(element, { clientX: moves.at(-1) ?? start });
}

describe('toasts', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the title and description in the notification region', () => {
    renderWithProviders(<ToastButtons />);

    show('first');

    const [toast] = visibleToasts();
    expect(toast).toHaveRole('status');
    expect(within(toastRegion()).getByText('Client added successfully')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('You can add 9 more client(s) on the free plan')).toBeInTheDocument();
  });

  it('announces a destructive toast as an alert', () => {
    renderWithProviders(<ToastButtons />);

    show('destructive');

    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'destructive');
  });

  it('shows only one at a time: a new toast replaces the old one', () => {
    renderWithProviders(<ToastButtons />);

    show('first');
    show('second');

    expect(visibleToasts()).toHaveLength(1);
    expect(screen.queryByText('Client added successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Client deleted successfully')).toBeInTheDocument();
  });

  it('closes by itself after 5000 ms', () => {
    jest.useFakeTimers();
    renderWithProviders(<ToastButtons />);

    show('first');
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(visibleToasts()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));

    expect(visibleToasts()).toHaveLength(0);
  });

  it('waits while the pointer rests on it', () => {
    jest.useFakeTimers();
    renderWithProviders(<ToastButtons />);
    show('first');
    const [toast] = visibleToasts();

    fireEvent.pointerEnter(toast!, { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(visibleToasts()).toHaveLength(1);

    fireEvent.pointerLeave(toast!, { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS));
    expect(visibleToasts()).toHaveLength(0);
  });

  it('closes with its close button', () => {
    renderWithProviders(<ToastButtons />);
    show('first');

    fireEvent.click(within(toastRegion()).getByRole('button', { name: 'Close' }));

    expect(visibleToasts()).toHaveLength(0);
  });

  it('stays announced while a dialog is open: the modal hides only the page behind it', async () => {
    function DialogRaisingToast() {
      const { toast } = useToast();
      return (
        <Dialog open aria-labelledby="t">
          <DialogTitle id="t">Add Client</DialogTitle>
          <button
            type="button"
            onClick={() => toast({ title: 'Error', description: 'Something failed', variant: 'destructive' })}
          >
            save
          </button>
        </Dialog>
      );
    }
    renderWithProviders(
      <>
        <p>the page</p>
        <DialogRaisingToast />
      </>,
    );
    expect(await screen.findByRole('dialog', { name: 'Add Client' })).toBeInTheDocument();
    expect(screen.getByText('the page').closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something failed')).toBeInTheDocument();
    expect(within(toastRegion()).getByRole('alert')).toBe(alert);
  });

  it('moves focus to the notification region on F8', () => {
    renderWithProviders(<ToastButtons />);
    show('first');

    fireEvent.keyDown(document.body, { key: 'F8', code: 'F8' });

    expect(toastRegion()).toHaveFocus();
  });

  it.each<[string, [number, ...number[]], number]>([
    ['is dismissed by a swipe of 50 px to the right', [100, 130, 150], 0],
    ['springs back from a shorter swipe', [100, 149], 1],
    ['ignores a swipe to the left', [200, 100], 1],
  ])('%s', (_rule, path, toastsLeft) => {
    renderWithProviders(<ToastButtons />);
    show('first');
    const [toast] = visibleToasts();

    swipe(toast!, path);

    expect(visibleToasts()).toHaveLength(toastsLeft);
  });
});

describe('toast state', () => {
  it('keeps at most one toast, the newest', () => {
    const first = createToast({ title: 'First' });
    const second = createToast({ title: 'Second' });

    const state = toastReducer(toastReducer([], { type: 'add', toast: first }), { type: 'add', toast: second });

    expect(state).toEqual([second]);
  });

  it('closes a dismissed toast at once and removes it later', () => {
    const toast = createToast({ title: 'First' });

    const dismissed = toastReducer([toast], { type: 'dismiss', id: toast.id });
    expect(dismissed).toEqual([{ ...toast, open: false }]);

    expect(toastReducer(dismissed, { type: 'remove', id: toast.id })).toEqual([]);
  });

  it('closes every toast when dismissed without an id', () => {
    const toast = createToast({ title: 'First' });

    expect(toastReducer([toast], { type: 'dismiss' })).toEqual([{ ...toast, open: false }]);
  });
});
