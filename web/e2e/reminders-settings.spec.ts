// Settings for reminders that reach the agent: the daily digest preferences, and the private
// calendar feed a calendar app subscribes to (created, copied, fetched, rotated).
import { expect, registerAgentViaApi, snap, test } from './support/fixtures';

test.describe('reminder settings', () => {
  test('an agent turns on text messages, looks 14 days ahead from London, and it sticks', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Reminders' });
    await expect(card.getByRole('switch', { name: 'E-mail', exact: true })).toBeChecked();
    await expect(card.getByRole('button', { name: 'Save reminder settings' })).toBeDisabled();

    await card.getByRole('switch', { name: 'Text message (SMS)' }).check();
    await card.getByRole('radio', { name: '14 days' }).check();
    await card.getByLabel('Time zone').selectOption('Europe/London');
    await snap(page, 'settings-reminders');
    await card.getByRole('button', { name: 'Save reminder settings' }).click();
    await expect(page.getByText('Reminder settings saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(card.getByRole('switch', { name: 'Text message (SMS)' })).toBeChecked();
    await expect(card.getByRole('radio', { name: '14 days' })).toBeChecked();
    await expect(card.getByLabel('Time zone')).toHaveValue('Europe/London');
    const me = (await (await page.request.get('/api/user')).json()) as { timeZone: string; reminderPrefs: unknown };
    expect(me).toMatchObject({
      timeZone: 'Europe/London',
      reminderPrefs: { emailDigest: true, sms: true, leadDays: 14 },
    });
  });

  test('an agent creates a calendar link, copies it, a calendar app reads it, and a new link retires the old one', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await registerAgentViaApi(page);
    const client = await page.request.post('/api/clients', {
      data: {
        name: 'Leap Day Lopez',
        email: `leap-${Date.now()}@example.com`,
        phone: '(512) 555-0199',
        birthday: '1988-02-29',
      },
      headers: { origin: baseURL! },
    });
    expect(client.status(), await client.text()).toBe(201);

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Create calendar link' }).click();
    const link = card.getByLabel('Calendar link');
    await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await link.inputValue();
    await expect(card.getByRole('region', { name: 'How to subscribe' })).toContainText('Google Calendar');
    await snap(page, 'settings-calendar-feed');

    await card.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Calendar link copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // A calendar app fetches it without any cookie.
    const feed = await page.request.fetch(url, { headers: { cookie: '' } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('SUMMARY:Birthday: Leap Day Lopez');
    expect(ics).toContain('RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1');

    await card.getByRole('button', { name: 'Get a new link' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Get a new calendar link?' });
    await dialog.getByRole('button', { name: 'Get new link' }).click();
    await expect(page.getByText('New calendar link ready', { exact: true })).toBeVisible();
    await expect(link).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await page.request.get(await link.inputValue())).status()).toBe(200);
  });
});
