// Working a page by keyboard alone, as a user who cannot use a mouse does: Tab to a control, then
// Enter, Space or typing.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Presses Tab until `target` has the focus; fails if it is not reachable that way within `max` presses. The target is
 * found once (a role locator works out the accessible name of every candidate each time it is resolved), and again only
 * if it is rendered anew: each press is then followed by a look at that one element.
 */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  let element = await target.elementHandle();
  try {
    for (let i = 0; i < max; i += 1) {
      const state = await element.evaluate((el) => (el.isConnected ? el === document.activeElement : 'replaced'));
      if (state === true) return;
      // Rendered again as a new element: found again before the next look.
      if (state === 'replaced') {
        await element.dispose();
        element = await target.elementHandle();
        if (await element.evaluate((el) => el === document.activeElement)) return;
      }
      await page.keyboard.press('Tab');
    }
  } finally {
    await element.dispose();
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
