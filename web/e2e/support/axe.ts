// axe-core on the page as it is now: its serious and critical violations, one readable line per rule with the nodes
// it found. axe is put into the page once (a page keeps it until it navigates) and run there: @axe-core/playwright
// evaluated its 560 KB source in the page twice a run and finished each run in a new blank page, which was about a
// sixth of the accessibility spec's CPU. The pages have no frames for axe to visit. Only violations are worked out in
// full (the `resultTypes` option): by default axe also computes a selector and an HTML excerpt for every node that
// passed each rule, which is most of its time on a page of MUI components and is never read here.
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

type AxeWindow = { axe?: typeof axe };

/** How long an audit waits for the page to be at rest, and how many runs it makes to find it so. */
const REST_TIMEOUT_MS = 5_000;
const RUNS = 3;

type Run = { violations: axe.Result[]; restless: boolean };

/**
 * One axe run once the page is at rest, and whether anything was marked busy while it ran; or null when axe is not in
 * the page yet (nothing waited for). All in one call into the page: waiting for rest from the runner (waitForFunction)
 * and asking whether axe was there were two more round trips a run, under load a tenth of a second each.
 *
 * At rest: nothing marked busy, and no animation or transition running but endless ones. A list being refreshed is
 * dimmed (aria-busy) until its new rows are in, and it fades back in; a run during either would judge the contrast of
 * dimmed text. Even a transition shortened for reduced motion holds its first value until the page's next frame,
 * which a loaded machine can make wait. A page that does not come to rest within REST_TIMEOUT_MS is audited as it is.
 */
function runInPage(page: Page, selector: string | undefined): Promise<Run | null> {
  return page.evaluate(
    async ({ selector, restTimeout }) => {
      const { axe: inPage } = window as unknown as AxeWindow;
      if (!inPage) return null;
      const busy = () => document.querySelector('[aria-busy="true"]') !== null;
      const atRest = () =>
        !busy() &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      const deadline = performance.now() + restTimeout;
      // Checked at each frame, as waitForFunction's 'raf' polling did (a timer too, in case no frame comes).
      while (!atRest() && performance.now() < deadline) {
        await new Promise((next) => {
          requestAnimationFrame(next);
          setTimeout(next, 100);
        });
      }
      let restless = busy();
      const watch = new MutationObserver(() => (restless ||= busy()));
      watch.observe(document.body, { subtree: true, childList: true, attributeFilter: ['aria-busy'] });
      try {
        const results = await inPage.run(selector ? { include: [selector] } : document, {
          resultTypes: ['violations'],
          // Off by default in axe (experimental), reported by Lighthouse: a control's visible words are in its name.
          rules: { 'label-content-name-mismatch': { enabled: true } },
        });
        return { violations: results.violations, restless: restless || busy() };
      } finally {
        watch.disconnect();
      }
    },
    { selector, restTimeout: REST_TIMEOUT_MS },
  );
}

/** One axe run once the page is at rest (see runInPage), axe put into the page first if it is not there. */
async function runAtRest(page: Page, selector: string | undefined): Promise<Run> {
  const run = await runInPage(page, selector);
  if (run) return run;
  await page.evaluate(axe.source);
  return (await runInPage(page, selector))!;
}

export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  // A run that saw the page become busy is made again (the last one counts whatever it saw).
  let run = await runAtRest(page, within);
  for (let again = 1; again < RUNS && run.restless; again += 1) run = await runAtRest(page, within);
  const { violations } = run;
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

/** The two widths every screen is checked at: a phone's and a desktop's. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** expectAxeClean at 390 px, then at 1280 px (where the page is left). */
export async function expectAxeCleanAtBothWidths(page: Page, state: string, within?: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await expectAxeClean(page, `${state} at 390 px`, within);
  await page.setViewportSize(DESKTOP);
  await expectAxeClean(page, `${state} at 1280 px`, within);
}
