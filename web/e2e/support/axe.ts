// axe-core on the page as it is now: its serious and critical violations, one readable line per rule with the nodes
// it found. axe is put into the page once (a page keeps it until it navigates) and run there: @axe-core/playwright
// evaluated its 560 KB source in the page twice a run and finished each run in a new blank page, which was about a
// sixth of the accessibility spec's CPU. The pages have no frames for axe to visit. Only violations are worked out in
// full (the `resultTypes` option): by default axe also computes a selector and an HTML excerpt for every node that
// passed each rule, which is most of its time on a page of MUI components and is never read here.
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

type AxeWindow = { axe?: typeof axe };

export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ selector }) => {
      const { axe: inPage } = window as unknown as AxeWindow;
      const context = selector ? { include: [selector] } : document;
      const results = await inPage!.run(context, { resultTypes: ['violations'] });
      return results.violations;
    },
    { selector: within },
  );
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
