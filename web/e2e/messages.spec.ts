// From reminder to message in a real browser: an upcoming birthday on the dashboard opens the
// composer, the draft is edited and sent, the e-mail lands in the outbox with its unsubscribe
// headers, and the client's page remembers it (Last Contact, Activity, a logged call). A free
// agent's draft comes from Hearthside's composer, with the way to Pro.
import {
  addClientViaApi,
  expect,
  keyDateIn,
  outbox,
  registerAgentViaApi,
  snap,
  test,
  type OutboxMessage,
} from './support/fixtures';

test.describe('messages', () => {
  test('from an upcoming birthday on the dashboard to a sent e-mail, remembered in the client', async ({ page }) => {
    test.slow(); // three screens, a send and two sets of screenshots on a loaded 2-core machine
    const agent = await registerAgentViaApi(page);
    await addClientViaApi(page, {
      name: 'Olivia Bennett',
      email: 'olivia.bennett@example.com',
      birthday: keyDateIn(3, 1986),
    });

    await page.goto('/');
    const reminders = page.getByRole('region', { name: 'Upcoming Reminders' });
    await expect(reminders.getByRole('listitem').filter({ hasText: 'Olivia Bennett' })).toContainText('Birthday');
    await snap(page, 'dashboard-send-a-message');
    await reminders.getByRole('button', { name: 'Send a message to Olivia Bennett' }).click();

    const composer = page.getByRole('dialog', { name: 'Message Olivia Bennett' });
    await expect(composer.getByLabel('Occasion')).toHaveValue('birthday');
    await expect(composer.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await composer.getByRole('button', { name: 'Suggest a draft' }).click();
    await expect(composer.getByText("Suggested by Hearthside's composer, without AI")).toBeVisible();
    const subject = composer.getByLabel('Subject');
    const body = composer.getByRole('textbox', { name: 'Message' });
    await expect(body).toHaveValue(/Olivia/);
    await expect(subject).not.toHaveValue('');
    await snap(page, 'composer-draft');

    await subject.fill('Happy birthday, Olivia!');
    await body.fill('Hi Olivia,\n\nHappy birthday from all of us. Enjoy the day in the new garden!\n\nJamie');
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(composer.getByRole('status')).toContainText('Sent');
    await expect(composer.getByRole('status')).toContainText('Your e-mail to Olivia is on its way.');
    await snap(page, 'composer-sent');

    let sent: OutboxMessage | undefined;
    await expect
      .poll(async () => {
        sent = (await outbox.messages()).find(
          (m) => m.to === 'olivia.bennett@example.com' && m.subject === 'Happy birthday, Olivia!',
        );
        return sent;
      })
      .toBeTruthy();
    expect(sent!.text).toContain('Enjoy the day in the new garden!');
    // Replies come back through the local inbound domain, to this agent and client.
    expect(sent!.headers?.['Reply-To']).toMatch(new RegExp(`^"${agent.fullName}" <r-[a-z2-7]+@reply\\.localhost>$`));
    expect(sent!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/unsubscribe\/[^>]+>$/);
    expect(sent!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await composer.getByRole('button', { name: 'Done' }).click();
    await expect(composer).toBeHidden();

    await page.goto('/clients');
    await page.getByRole('link', { name: 'Olivia Bennett', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Key Dates' })).toContainText('Last Contact');
    const activity = page.getByRole('region', { name: 'Timeline' });
    const entry = activity.getByRole('listitem').filter({ hasText: 'Happy birthday, Olivia!' });
    await expect(entry).toContainText('E-mail');
    await expect(entry).toContainText('Sent');

    await activity.getByRole('button', { name: 'Log a call' }).click();
    const form = activity.getByRole('form', { name: 'Log a call, meeting or note' });
    await form.getByLabel('Note (optional)').fill('Talked about refinancing next spring.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Call logged');
    await expect(
      activity.getByRole('listitem').filter({ hasText: 'Talked about refinancing next spring.' }),
    ).toContainText('Call');
    await snap(page, 'client-activity');
  });

  test("a free agent's draft comes from Hearthside's composer, with the way to Pro", async ({ page }) => {
    await registerAgentViaApi(page);
    await addClientViaApi(page, { name: 'Noah Kim', email: 'noah.kim@example.com', purchaseDate: keyDateIn(10, 2019) });

    await page.goto('/clients');
    await page.getByRole('button', { name: 'Send a message to Noah Kim' }).click();
    const composer = page.getByRole('dialog', { name: 'Message Noah Kim' });
    await expect(composer.getByLabel('Occasion')).toHaveValue('check-in');
    await composer.getByLabel('Occasion').selectOption('home-anniversary');
    await composer.getByRole('radio', { name: 'Text message' }).check();
    await expect(composer.getByLabel('Subject')).toBeHidden();
    await composer.getByRole('button', { name: 'Suggest a draft' }).click();

    await expect(composer.getByRole('textbox', { name: 'Message' })).toHaveValue(/Noah/);
    await expect(composer.getByText(/\d+ characters · \d SMS segments?/)).toBeVisible();
    await expect(composer.getByText("Suggested by Hearthside's composer, without AI")).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Suggest another' })).toBeVisible();
    await snap(page, 'composer-free-upgrade');

    await composer.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});
