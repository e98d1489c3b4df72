// Working a page by keyboard alone, as a user who cannot use a mouse does: Tab to a control, then
// Enter, Space or typing.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Presses Tab until `target` has the focus; fails if it is not reachable that way within `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
