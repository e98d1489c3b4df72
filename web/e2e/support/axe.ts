// axe-core on the page as it is now: its serious and critical violations, one readable line per rule with the nodes
// it found. Only violations are worked out in full: by default axe also computes a CSS selector and an HTML excerpt
// for every node that passed each rule, which is most of its time on a page of MUI components and is never read here
// (the `resultTypes` option of axe's API keeps one node per passing rule instead of all of them).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`,
    );
}

/**
 * Fails the test (softly: the rest of it still runs) for each serious or critical axe violation on the page, or only
 * within the elements a selector names.
 */
export async function expectAxeClean(page: Page, state: string, within?: string): Promise<void> {
  const serious = await seriousAxeViolations(page, within);
  expect.soft(serious, `axe on ${state}:\n${serious.join('\n')}`).toEqual([]);
}
