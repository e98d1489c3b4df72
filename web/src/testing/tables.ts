// Assertions about a table as a user reads it: its column headings, and what a row shows.
import { within } from '@testing-library/react';

/** A table's column headings, in order. */
export function columnHeadings(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((heading) => heading.textContent);
}

/** Asserts that the row of `table` showing `name` also shows each of `texts`. */
export function expectRowShows(table: HTMLElement, name: string, ...texts: string[]): void {
  const row = within(table).getByText(name).closest('tr');
  expect(row).toHaveRole('row');
  for (const text of texts) expect(within(row!).getByText(text)).toBeInTheDocument();
}
