import { LineChart, type LineChartSeries } from './line-chart';
import { renderWithProviders, screen, within } from '../../testing/test-utils';

const series: LineChartSeries[] = [
  { id: 'reviews', label: 'Reviews Received', points: [{ x: 'Jan', y: 1 }, { x: 'Feb', y: 3 }] },
  { id: 'reminders', label: 'Reminders Provided', points: [{ x: 'Jan', y: 4 }, { x: 'Feb', y: 0 }] },
];

describe('LineChart', () => {
  it('gives screen readers the numbers as a table', () => {
    renderWithProviders(<LineChart series={series} ariaLabel="Activity per month" />);

    const table = screen.getByRole('table', { name: 'Activity per month' });
    const rows = within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['', 'Reviews Received', 'Reminders Provided'],
      ['Jan', '1', '4'],
      ['Feb', '3', '0'],
    ]);
  });

  it('keeps the page standing when the chart library cannot load', async () => {
    // Jest cannot load the ESM-only chart library, which stands in for a chunk that fails to load.
    jest.spyOn(console, 'error').mockImplementation(() => {});

    renderWithProviders(<LineChart series={series} ariaLabel="Activity per month" />);

    expect(await screen.findByText('The chart could not be shown. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Activity per month' })).toBeInTheDocument();
  });
});
