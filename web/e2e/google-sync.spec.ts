// Google Contacts and Calendar from Settings, in the browser against the local runtime's fake Google: each turned on
// through the fake consent page, the contacts imported (what the import will do, then its progress and outcome), the
// calendar synced, a phone both sides changed resolved by keeping Google's, and the banner while Google refuses the
// grant. The Google card at 1280 and 390 px, axe clean.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAxeClean, PHONE } from './support/axe';
import { addClientViaApi, expect, registerAgentViaApi, SCREENSHOTS, test } from './support/fixtures';

const fakeGoogleDir = () => join(process.env.E2E_DATA_DIR!, 'fake-google');
const contactsFile = () => join(fakeGoogleDir(), 'contacts.json');

type Person = {
  resourceName: string;
  names?: Array<{ displayName: string }>;
  emailAddresses?: Array<{ value: string }>;
  phoneNumbers?: Array<{ value: string }>;
};
const person = (id: string, name: string, email?: string, phone?: string): Person => ({
  resourceName: `people/${id}`,
  names: [{ displayName: name }],
  ...(email ? { emailAddresses: [{ value: email }] } : {}),
  ...(phone ? { phoneNumbers: [{ value: phone }] } : {}),
});

/** Turns a feature on from its row: Google's (fake) consent page, Allow, and back to Settings. */
async function turnOn(page: Page, card: Locator, name: 'Contacts' | 'Calendar'): Promise<Locator> {
  await card.getByRole('button', { name: `Turn on ${name}` }).click();
  await expect(page.getByRole('note')).toContainText('Local fake Google');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Google connected.')).toBeVisible();
  await expect(card.getByRole('heading', { name: `${name}: on` })).toBeVisible();
  return card.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${name}: on` }) });
}

test('the agent imports Google contacts, syncs the calendar, resolves a phone both sides changed and is told when Google refuses', async ({
  page,
}) => {
  test.slow(); // two consents, an import through the job, four syncs and axe at two widths on a loaded 2-core machine
  await registerAgentViaApi(page);
  const origin = test.info().project.use.baseURL!;
  const stamp = Date.now() % 100_000;
  const ana = { name: `Ana Ruiz${stamp}`, email: `ana-${stamp}@example.com` };
  const client = await addClientViaApi(page, { ...ana, phone: '(512) 555-0142' });
  mkdirSync(join(fakeGoogleDir(), 'calendars'), { recursive: true });
  const contacts = [
    person('c1', ana.name, ana.email, '(512) 555-0142'),
    person('c2', `Ben Ortiz${stamp}`, `ben-${stamp}@example.com`, '(512) 555-0143'),
    person('c3', `Nameonly Nobody${stamp}`),
  ];
  writeFileSync(contactsFile(), JSON.stringify(contacts));
  // A meeting with Ana yesterday, in the agent's own calendar.
  const yesterday = Date.now() - 86_400_000;
  writeFileSync(
    join(fakeGoogleDir(), 'calendars', 'primary.json'),
    JSON.stringify([
      {
        id: `meeting${stamp}`,
        status: 'confirmed',
        summary: 'Coffee with Ana',
        start: { dateTime: new Date(yesterday).toISOString() },
        end: { dateTime: new Date(yesterday + 3_600_000).toISOString() },
        attendees: [{ email: ana.email }],
      },
    ]),
  );

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Google' });

  // Contacts: turned on, imported after seeing what the import will do.
  const contactsRow = await turnOn(page, card, 'Contacts');
  await expect(contactsRow).toContainText('Not synced yet');
  await contactsRow.getByRole('button', { name: 'Import Google contacts' }).click();
  const preview = contactsRow.getByRole('group', { name: 'Import from Google' });
  await expect(preview).toContainText('1 new client, 1 already your clients (linked), 1 cannot be imported.');
  await expect(preview).toContainText(`Nameonly Nobody${stamp}:`);
  await preview.getByRole('button', { name: 'Start import' }).click();
  await expect(contactsRow.getByRole('status')).toContainText('Imported 1 new client', { timeout: 20_000 });
  // The first sync follows the import: the row says when, and offers "Sync now" from then on.
  await expect(contactsRow).toContainText('Synced just now');
  await contactsRow.getByRole('button', { name: 'Done' }).click();
  await expect(contactsRow.getByRole('button', { name: 'Sync now: Contacts' })).toBeFocused();

  // Calendar: turned on and synced; the meeting with Ana is found.
  const calendarRow = await turnOn(page, card, 'Calendar');
  await calendarRow.getByRole('button', { name: 'Sync now: Calendar' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts).toContainText('Google Calendar synced');
  await expect(toasts).toContainText('1 meeting with a client found');
  await expect(calendarRow).toContainText('Synced just now');

  // The same phone changed here and in Google: the sync keeps Hearthside's and lists the conflict.
  const changed = await page.request.patch(`/api/clients/${client.id}`, {
    data: { phone: '(512) 555-0177' },
    headers: { origin },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  writeFileSync(
    contactsFile(),
    JSON.stringify([person('c1', ana.name, ana.email, '(512) 555-0188'), ...contacts.slice(1)]),
  );
  await contactsRow.getByRole('button', { name: 'Sync now: Contacts' }).click();
  await expect(toasts).toContainText('1 conflict to look at.');
  await expect(contactsRow).toContainText('Synced just now, 1 conflict to look at');
  const conflicts = contactsRow.getByRole('region', { name: 'Changed on both sides' });
  await expect(conflicts).toContainText(
    `${ana.name} — phone: Google has (512) 555-0188, Hearthside has (512) 555-0177`,
  );

  for (const [size, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    await page.setViewportSize(size);
    await card.scrollIntoViewIfNeeded();
    await expectAxeClean(page, `the Google card with a conflict at ${width} px`, '#google');
    // For people to look at, outside the repository (SCREENSHOTS as for the suite's other pictures).
    if (SCREENSHOTS) await card.screenshot({ path: join(tmpdir(), `google-sync-card-${width}.png`) });
  }
  await page.setViewportSize(DESKTOP);

  await conflicts.getByRole('button', { name: `Keep Google's phone for ${ana.name}` }).click();
  await expect(toasts).toContainText("Kept Google's phone");
  await expect(conflicts).toBeHidden();
  await expect(contactsRow).toContainText('Synced just now');
  await expect(contactsRow).not.toContainText('conflict');
  const kept = (await (await page.request.get(`/api/clients/${client.id}`)).json()) as { phone: string };
  expect(kept.phone).toBe('(512) 555-0188');

  // Google refuses the grant at the next sync: the row and every page say so, until a sync works again.
  writeFileSync(
    join(fakeGoogleDir(), 'faults.json'),
    JSON.stringify([{ status: 401, times: 1, path: 'people/me/connections' }]),
  );
  await contactsRow.getByRole('button', { name: 'Sync now: Contacts' }).click();
  await expect(toasts).toContainText('Google Contacts could not sync');
  await expect(contactsRow).toContainText('Google needs you to connect again');
  await expect(contactsRow.getByRole('button', { name: 'Connect again: Contacts' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Google sync' });
  await expect(banner).toContainText('Google needs you: Contacts stopped syncing.');
  await page.getByRole('link', { name: 'Clients' }).first().click();
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/settings#google$/);
  await expect(contactsRow).toBeInViewport();
  await contactsRow.getByRole('button', { name: 'Sync now: Contacts' }).click();
  await expect(contactsRow).toContainText('Synced just now');
  await expect(banner).toBeHidden();
  expect(JSON.parse(readFileSync(join(fakeGoogleDir(), 'faults.json'), 'utf8'))).toEqual([]);
});
