import { LineChart, type LineChartSeries } from './line-chart';
import { act, useState } from 'react';
import { renderWithProviders, screen, within } from '@/testing/test-utils';

// The chart's own chunk fails to load here, as a chunk can in a browser (a deploy replaced it, the connection dropped):
// its lazy import rejects. The chart itself is drawn in the browser suite; jsdom has no layout to draw it in.
jest.mock('./internal/nivo-line', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const series: LineChartSeries[] = [
  {
    id: 'reviews',
    label: 'Reviews Received',
    points: [
      { x: 'Jan', y: 1 },
      { x: 'Feb', y: 3 },
    ],
  },
  {
    id: 'reminders',
    label: 'Reminders Provided',
    points: [
      { x: 'Jan', y: 4 },
      { x: 'Feb', y: 0 },
    ],
  },
];

describe('LineChart', () => {
  it('watches its box from the first render, so a chart whose data arrives later still draws when near', () => {
    // A browser's IntersectionObserver (jsdom has none, and then every chart counts as near at once).
    const observed: Element[] = [];
    let report: IntersectionObserverCallback = () => undefined;
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    Object.assign(globalThis, { IntersectionObserver: FakeObserver });
    try {
      let arrive: () => void = () => undefined;
      function Later() {
        const [loaded, setLoaded] = useState(false);
        arrive = () => setLoaded(true);
        return <LineChart series={loaded ? series : undefined} ariaLabel="Activity per month" />;
      }
      renderWithProviders(<Later />);
      expect(observed).toHaveLength(1);
      act(() => arrive());
      expect(screen.getByRole('img', { name: 'Activity per month' })).toBe(observed[0]);
      act(() => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(screen.getByRole('table', { name: 'Activity per month' })).toBeInTheDocument();
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('gives screen readers the numbers as a table', () => {
    renderWithProviders(<LineChart series={series} ariaLabel="Activity per month" />);

    const table = screen.getByRole('table', { name: 'Activity per month' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['', 'Reviews Received', 'Reminders Provided'],
      ['Jan', '1', '4'],
      ['Feb', '3', '0'],
    ]);
  });

  it('keeps the page standing when the chart library cannot load', async () => {
    // The chunk fails to load (the mock above).
    jest.spyOn(console, 'error').mockImplementation(() => {});

    renderWithProviders(<LineChart series={series} ariaLabel="Activity per month" />);

    expect(await screen.findByText('The chart could not be shown. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Activity per month' })).toBeInTheDocument();
  });

  it('loads the chart only once it comes near the viewport', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const observers: Array<{
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
      disconnected: boolean;
    }> = [];
    class FakeObserver {
      private readonly record;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
    try {
      renderWithProviders(<LineChart series={series} ariaLabel="Activity per month" />);
      expect(observers).toHaveLength(1);
      expect(observers[0]!.options?.rootMargin).toBe('300px');
      // Not near yet: only the placeholder, and no attempt to load the library.
      await act(async () =>
        observers[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      await act(() => new Promise((settle) => setTimeout(settle, 100)));
      expect(screen.queryByText('The chart could not be shown. Reload the page to try again.')).not.toBeInTheDocument();
      // Near: the library is loaded (and, under Jest, fails as in the test above), and the observer is done.
      await act(async () =>
        observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(
        await screen.findByText('The chart could not be shown. Reload the page to try again.'),
      ).toBeInTheDocument();
      expect(observers[0]!.disconnected).toBe(true);
    } finally {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
