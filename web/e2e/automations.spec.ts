// Automated follow-ups in a real browser: the agent turns on the birthday rule, the reminders job
// runs for the birthday's date (the local runtime's trigger, the same job the hourly schedule runs),
// the drafted message waits on Today with the navigation badge, the agent approves it, and the
// e-mail is in the outbox.
import { addDays } from '@shared/dates';
import { addClientViaApi, expect, keyDateIn, outbox, registerAgentViaApi, snap, test, today } from './support/fixtures';

test.describe('automations', () => {
  test('a birthday rule drafts the message on the day; the agent approves it from Today and it is sent', async ({
    page,
  }) => {
    test.slow(); // three pages, a job run and two sets of screenshots on a loaded 2-core machine
    const { user } = await registerAgentViaApi(page);
    const date = addDays(today, 2);
    await addClientViaApi(page, {
      name: 'Bella Birthday',
      email: 'bella.birthday@example.com',
      birthday: keyDateIn(2, 1987),
    });

    await page.goto('/automations');
    await expect(page.getByRole('heading', { level: 1, name: 'Automations' })).toBeVisible();
    const birthday = page.getByRole('region', { name: 'Birthday' });
    await birthday.getByLabel('Send a message on this occasion').check();
    await expect(birthday.getByRole('radio', { name: 'Ask me to approve each message' })).toBeChecked();
    // A free agent cannot send without approval.
    await expect(birthday.getByRole('radio', { name: /Send it automatically/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Save automations' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Automations saved');
    await snap(page, 'automations');

    const run = await page.request.post('/local/jobs/reminders', {
      data: { date, agentId: user.id },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(run.status(), await run.text()).toBe(200);

    await page.goto('/today');
    await expect(page.getByRole('link', { name: 'Today, 1 waiting' }).first()).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'Bella Birthday' });
    await expect(card).toContainText('Waiting for your approval');
    await expect(card).toContainText('Bella');
    await snap(page, 'today-queue');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Sent to Bella');
    await expect(page.getByRole('heading', { name: 'Nothing waits for you today' })).toBeVisible();

    await expect
      .poll(async () => (await outbox.messages()).filter((m) => m.to === 'bella.birthday@example.com').length)
      .toBe(1);
    const [sent] = (await outbox.messages()).filter((m) => m.to === 'bella.birthday@example.com');
    expect(sent!.subject).toMatch(/birthday/i);
    expect(sent!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await snap(page, 'today-empty');
  });
});
