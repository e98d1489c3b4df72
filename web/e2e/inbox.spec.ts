// The Inbox: a client answers the agent's e-mail (a raw reply written to the runtime's inbound folder, as SES would
// deliver it), the Inbox shows the conversation unread with the count in the navigation at desktop and phone width,
// the thread shows the reply, and the agent answers it with the composer. axe finds nothing serious on either screen.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addClientViaApi, expect, outbox, registerAgentViaApi, snap, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FIXTURES = join(__dirname, '..', '..', 'functions', 'testing', 'fixtures', 'inbound-email');

/** A raw Gmail reply to `token`'s reply address, dropped into the runtime's inbound folder (written, then moved in). */
async function clientReplies(token: string): Promise<void> {
  const raw = (await readFile(join(FIXTURES, 'gmail-quoted.eml'), 'latin1')).replaceAll(
    'afixturetokenfixturetokenfixturetokenfqa',
    token,
  );
  const dir = join(process.env.E2E_DATA_DIR!, 'inbound-email');
  const name = `reply-${token.slice(-8)}.eml`;
  await writeFile(join(dir, `.${name}`), raw, 'latin1');
  await rename(join(dir, `.${name}`), join(dir, name));
}

test.describe('inbox', () => {
  test('a client replies by e-mail: unread in the Inbox, read in the thread, answered from it', async ({ page }) => {
    test.slow(); // two screens at two widths, a reply received and a message sent on a loaded 2-core machine
    await registerAgentViaApi(page);
    const email = `maria.lopez.${Date.now()}@example.com`;
    const { id } = await addClientViaApi(page, { name: 'Maria Lopez', email });
    const sent = await page.request.post(`/api/clients/${id}/messages`, {
      data: { channel: 'email', subject: 'Would Thursday work?', body: 'Hi Maria, would Thursday work?' },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const mail = (await outbox.messages()).find((m) => m.to === email)!;
    const token = /<r-([a-z2-7]+)@reply\.localhost>$/.exec(mail.headers!['Reply-To']!)![1]!;

    await clientReplies(token);
    await page.setViewportSize(DESKTOP);
    await page.goto('/inbox');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The reply arrives within a few seconds: the Inbox is read again until it shows.
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole('link', { name: /^Maria Lopez Unread .*Maria \(e-mail\): .*Thursday works for me/ }),
      ).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(nav.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible();
    await expect(page.getByText('1 unread conversation')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Maria Lopez Unread/ })).toContainText('Thursday works for me');
    await expectAxeClean(page, 'the Inbox at 1280 px');
    await snap(page, 'inbox-unread');

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('link', { name: /^Maria Lopez Unread/ })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Unread only' })).toBeVisible();
    await expectAxeClean(page, 'the Inbox at 390 px');

    await page.getByRole('link', { name: /^Maria Lopez Unread/ }).click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeVisible();
    const thread = page.getByRole('list', { name: 'Messages with Maria Lopez' });
    const reply = thread.getByRole('article', { name: /^Maria Lopez, E-mail/ });
    await expect(reply).toContainText('Thursday works for me, 5pm at the Elm Street house.');
    await expect(reply).not.toContainText('would Thursday work for the second viewing');
    await expect(reply.getByRole('button', { name: 'Download the original e-mail' })).toBeVisible();
    await expect(thread.getByRole('article', { name: /^You, E-mail/ })).toContainText('Would Thursday work?');
    await expectAxeClean(page, 'the thread at 390 px');
    await page.setViewportSize(DESKTOP);
    await expectAxeClean(page, 'the thread at 1280 px');
    // Opened, so read: the badge is gone.
    await expect(nav.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await snap(page, 'inbox-thread');

    await page.getByRole('button', { name: 'Reply to Maria Lopez' }).click();
    const composer = page.getByRole('dialog', { name: 'Message Maria Lopez' });
    await composer.getByLabel('Subject').fill('Re: Would Thursday work?');
    await composer.getByRole('textbox', { name: 'Message' }).fill('Perfect, see you Thursday at 5pm!');
    await expectAxeClean(page, 'the composer over the thread');
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(composer.getByRole('status')).toContainText('Sent');
    await composer.getByRole('button', { name: 'Done' }).click();
    await expect(composer).toBeHidden();
    await expect(thread.getByRole('article', { name: /^You, E-mail/ }).last()).toContainText(
      'Perfect, see you Thursday at 5pm!',
    );
  });

  test('no conversations yet: the Inbox says so and points to the clients', async ({ page }) => {
    await registerAgentViaApi(page);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your clients' })).toBeVisible();
    await expectAxeClean(page, 'the empty Inbox');
  });
});
