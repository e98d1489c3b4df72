// The agent's workspace in a real browser: clients (add, open, edit, search, delete; by keyboard too), CSV import
// (ours and a Google Contacts export with a BOM), the free plan's cap, the dashboard and reminders.
import type { Page } from '@playwright/test';
import { SMS_CONSENT_MESSAGES } from '@shared/sms-consent';
import { dateParts } from '@shared/dates';
import {
  addClientViaApi,
  drawCharts,
  expect,
  keyDateIn,
  registerAgentViaApi,
  snap,
  test,
  today,
  type ClientSeed,
} from './support/fixtures';
import { expectAxeClean } from './support/axe';
import { tabTo, typeInto } from './support/keyboard';

const thisYear = dateParts(today).year;

/** The toasts: announced even while a dialog is open (the modal hides only the page behind it). */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
/** A client's name in the list (the link to the client's page), not its Edit/Delete buttons. */
const clientButton = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test.describe('clients', () => {
  test('adds a client by keyboard alone, opens their page and edits them', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
    await snap(page, 'clients-empty');

    // Added by keyboard alone.
    await tabTo(page, page.getByRole('button', { name: 'Add Client' }).first());
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add Client' });
    await expect(form).toBeVisible();
    await typeInto(page, form.getByLabel('Name'), 'Maria Lopez');
    await typeInto(page, form.getByLabel('Email'), 'maria.lopez@example.com');
    await typeInto(page, form.getByLabel('Phone'), '(512) 555-0142');
    await typeInto(page, form.getByLabel('Address'), '12 Oak Street, Austin, TX');
    await form.getByLabel('Birthday').fill('1984-06-02');
    await form.getByLabel('Purchase Date').fill(`${thisYear - 3}-04-30`);
    await snap(page, 'clients-add-form');
    await tabTo(page, form.getByRole('button', { name: 'Add Client' }));
    await page.keyboard.press('Enter');

    // Announced over the closing dialog: the toast region is not hidden by the modal.
    await expect(toasts(page).getByText('Client added successfully')).toBeVisible();
    await expect(toasts(page).getByText('You can add 9 more client(s) on the free plan')).toBeVisible();
    await expect(form).toBeHidden();

    await addClientViaApi(page, { name: 'Sam Carter', email: 'sam.carter@example.com', anniversary: '2012-09-15' });
    await addClientViaApi(page, {
      name: 'Priya Natarajan',
      email: 'priya@example.com',
      birthday: '1990-01-12',
      anniversary: '2016-05-21',
    });
    await page.reload();
    await expect(clientButton(page, 'Sam Carter')).toBeVisible();
    await snap(page, 'clients-list');

    // The client's page (opened by keyboard): contact details, the dates that are set, milestones in the timeline, the
    // review.
    await tabTo(page, clientButton(page, 'Maria Lopez'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/clients\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'maria.lopez@example.com' })).toBeVisible();
    await expect(page.getByText('12 Oak Street, Austin, TX')).toBeVisible();
    const dates = page.getByRole('region', { name: 'Key Dates' });
    await expect(dates.getByText('Jun 2, 1984')).toBeVisible();
    await expect(dates.getByText('Anniversary', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Milestone: 1 Year Homeowner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Review' })).toBeVisible();
    await snap(page, 'clients-detail');
    await page.goBack();

    // Edit.
    await page.getByRole('button', { name: 'Edit Maria Lopez' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(edit.getByLabel('Name')).toHaveValue('Maria Lopez');
    await edit.getByLabel('Phone').fill('(512) 555-0199');
    await edit.getByLabel('Anniversary').fill('2010-09-18');
    // The attestation of the client's consent to texts, with what it means; saved at once.
    const attestation = edit.getByRole('checkbox', { name: SMS_CONSENT_MESSAGES.attestationLabel });
    await expect(attestation).not.toBeChecked();
    await expect(edit.getByText(SMS_CONSENT_MESSAGES.attestation, { exact: false })).toBeVisible();
    await attestation.check();
    await expect(toasts(page).getByText('Consent to texts recorded')).toBeVisible();
    await expect(attestation).toBeChecked();
    await expectAxeClean(page, 'the edit dialog with the attestation', '[role="dialog"]');
    await attestation.scrollIntoViewIfNeeded();
    await snap(page, 'clients-edit-consent');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Client updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    const listed = ((await (await page.request.get('/api/clients?limit=500')).json()) as { clients: unknown })
      .clients as Array<Record<string, unknown>>;
    expect(listed.find((c) => c.name === 'Maria Lopez')?.smsConsent).toMatchObject({
      status: 'granted',
      source: 'agent-attested',
    });
  });

  test('searches by name or e-mail, and deletes after a confirmation, the last clients by keyboard', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    for (const seed of [
      { name: 'Maria Lopez', email: 'maria.lopez@example.com' },
      { name: 'Sam Carter', email: 'sam.carter@example.com' },
      { name: 'Priya Natarajan', email: 'priya@example.com' },
    ])
      await addClientViaApi(page, seed);
    await page.goto('/clients');

    // Search by name or e-mail, case-insensitively.
    const search = page.getByPlaceholder('Search clients...');
    await search.fill('CARTER');
    await expect(clientButton(page, 'Sam Carter')).toBeVisible();
    await expect(clientButton(page, 'Maria Lopez')).toHaveCount(0);
    await search.fill('priya@');
    await expect(clientButton(page, 'Priya Natarajan')).toBeVisible();
    await expect(clientButton(page, 'Sam Carter')).toHaveCount(0);
    await search.fill('nobody here');
    await expect(page.getByText('No clients match “nobody here”')).toBeVisible();
    await snap(page, 'clients-no-match');
    await page.getByRole('button', { name: 'Show all clients' }).click();

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete Sam Carter' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(
      confirm.getByText("This will permanently delete Sam Carter's information and cannot be undone."),
    ).toBeVisible();
    await snap(page, 'clients-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Client deleted successfully')).toBeVisible();
    await expect(clientButton(page, 'Sam Carter')).toHaveCount(0);
    await expect(clientButton(page, 'Maria Lopez')).toBeVisible();

    // The last clients deleted by keyboard: the Delete button leaves with its client, and the focus moves on to Add
    // Client, not back to <body>.
    for (const name of ['Priya Natarajan', 'Maria Lopez']) {
      await tabTo(page, page.getByRole('button', { name: `Delete ${name}` }));
      await page.keyboard.press('Enter');
      await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
      await page.keyboard.press('Enter');
      await expect(clientButton(page, name)).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Client' })).toBeFocused();
  });

  test('imports a CSV file, then a Google Contacts export with a BOM', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import Clients' });
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await snap(page, 'clients-import');

    const ours = [
      'name,email,phone,address,birthday,anniversary,purchaseDate',
      'Elena Park,elena@example.com,(512) 555-0111,"401 Lake Rd, Austin, TX",1979-11-03,2005-06-11,2019-08-01',
      'Marcus Bell,marcus@example.com,512-555-0112,,07/04/1985,,',
      'No Email,,512-555-0113,,,,',
      'Bad Date,bad.date@example.com,512-555-0114,,1985-02-30,,',
    ].join('\r\n');
    await dialog
      .getByLabel('CSV or vCard file')
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(ours) });
    await expect(dialog.getByText('clients.csv')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    await expect(toasts(page).getByText(/Successfully imported \d+ clients/)).toBeVisible();
    await expect(dialog.getByText(/Imported \d+ new clients?/)).toBeVisible();
    const errors = dialog.getByRole('region', { name: /Rows with errors/ });
    await expect(errors.getByRole('listitem').filter({ hasText: 'Row 4:' })).toBeVisible();
    await snap(page, 'clients-import-result');

    await dialog.getByRole('button', { name: 'Import Another File' }).click();
    const googleHeader =
      'First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted';
    const google = `\uFEFF${googleHeader}\r\nAva,,Nguyen,,,,,,,,,,,1988-02-29,,,* myContacts,* Home,ava@example.com,Mobile,+1 512-555-0199,Home,"5 Oak Ave\nAustin, TX"\r\n`;
    await dialog
      .getByLabel('CSV or vCard file')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(google, 'utf8') });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('Imported 1 new client.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(clientButton(page, 'Ava Nguyen')).toBeVisible();
    await expect(clientButton(page, 'Elena Park')).toBeVisible();
    await clientButton(page, 'Ava Nguyen').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Nguyen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ava@example.com' })).toBeVisible();
    await expect(page.getByText('Feb 29, 1988')).toBeVisible();
  });

  test('the 11th client on the free plan opens the upgrade dialog', async ({ page }) => {
    await registerAgentViaApi(page);
    for (let i = 1; i <= 9; i += 1)
      await addClientViaApi(page, { name: `Client ${i}`, email: `client${i}@example.com` });
    await page.goto('/clients');
    await expect(clientButton(page, 'Client 9')).toBeVisible();
    // The 10th arrives behind the page's back (another tab): the server has the last word.
    await addClientViaApi(page, { name: 'Client 10', email: 'client10@example.com' });

    await page.getByRole('button', { name: 'Add Client' }).click();
    const form = page.getByRole('dialog', { name: 'Add Client' });
    await form.getByLabel('Name').fill('One Too Many');
    await form.getByLabel('Email').fill('too.many@example.com');
    await form.getByLabel('Phone').fill('(512) 555-0177');
    await form.getByRole('button', { name: 'Add Client' }).click();

    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await expect(upgrade.getByText(/maximum of 10 clients on the free plan/)).toBeVisible();
    await expect(toasts(page).getByText('Error')).toHaveCount(0);
    await snap(page, 'clients-upgrade');
    await upgrade.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(upgrade).toBeHidden();

    await page.reload();
    await expect(page.getByText("You're using all 10 free-plan clients")).toBeVisible();
    await snap(page, 'clients-at-cap');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pro' }).getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('dashboard and reminders', () => {
  test('an agent with no clients is invited to add the first one', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Add your first client' })).toBeVisible();
    await snap(page, 'dashboard-empty');

    await page.goto('/reminders');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Reminders' })).toBeVisible();
    await expect(page.getByText('No upcoming reminders')).toBeVisible();
    await snap(page, 'reminders-empty');
  });

  test('shows counts, the next reminders and the monthly activity; the reminders page lists them all', async ({
    page,
  }) => {
    await registerAgentViaApi(page);
    const seeds: ClientSeed[] = [
      {
        name: 'Olivia Bennett',
        email: 'olivia@example.com',
        birthday: keyDateIn(2, 1986),
        purchaseDate: keyDateIn(40, thisYear - 4),
      },
      { name: 'Noah Kim', email: 'noah@example.com', anniversary: keyDateIn(9, 2014) },
      {
        name: 'Grace Alvarez',
        email: 'grace@example.com',
        birthday: keyDateIn(17, 1992),
        anniversary: keyDateIn(120, 2018),
      },
      { name: 'Henry Walsh', email: 'henry@example.com', purchaseDate: keyDateIn(25, thisYear - 2) },
      { name: 'Amelia Brooks', email: 'amelia@example.com', birthday: keyDateIn(33, 1975) },
      {
        name: 'Lucas Romero',
        email: 'lucas@example.com',
        birthday: keyDateIn(90, 1983),
        anniversary: keyDateIn(-20, 2011),
      },
      { name: 'Zoe Patel', email: 'zoe@example.com', birthday: keyDateIn(-45, 1995) },
    ];
    const ids: string[] = [];
    for (const seed of seeds) ids.push((await addClientViaApi(page, seed)).id);
    for (const id of ids.slice(0, 2)) {
      const res = await page.request.post(`/api/clients/${id}/review-status`, {
        data: { status: 'submitted' },
        headers: { origin: test.info().project.use.baseURL! },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Active Clients' }).getByText('7', { exact: true })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews & Engagements' });
    await expect(reviews.getByText('2', { exact: true })).toBeVisible();
    await expect(reviews.getByText('Total Client Reviews')).toBeVisible();

    const upcoming = page.getByRole('list', { name: 'Upcoming reminders' }).getByRole('listitem');
    await expect(upcoming).toHaveCount(5);
    await expect(upcoming.first()).toContainText('Olivia Bennett');
    await expect(upcoming.first()).toContainText('Birthday');
    await expect(upcoming.nth(1)).toContainText('Noah Kim');

    const activity = page.getByRole('region', { name: 'Monthly Activity' });
    await expect(activity.getByText('Reviews Received', { exact: true }).first()).toBeVisible();
    await expect(activity.getByText('Reminders Provided', { exact: true }).first()).toBeVisible();
    await drawCharts(page);
    await expect(activity.locator('svg path').first()).toBeAttached();
    await snap(page, 'dashboard');

    await page.getByRole('link', { name: 'View All Reminders' }).click();
    await expect(page).toHaveURL(/\/reminders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Reminders' })).toBeVisible();
    const all = page.getByRole('region', { name: 'All Future Reminders' });
    // Every key date's next occurrence, with no 60-day window and no cap of 5: 10 in all.
    await expect(all.getByRole('listitem')).toHaveCount(10);
    await expect(all.getByRole('listitem').first()).toContainText('Olivia Bennett');
    await expect(all.getByText('Lucas Romero').first()).toBeVisible();
    await snap(page, 'reminders');
  });
});
