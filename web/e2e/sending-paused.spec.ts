// The banner of an agent whose client sends are paused (their e-mails bounced past SES's review level), at desktop
// width and at 390 px, and an administrator lifting the pause. Nothing is faked in the browser: the agent sends real
// client e-mails, SES's bounce events for them reach the ses-events job through the local runtime's
// POST /local/jobs/ses-events (the outbox never bounces), and the review pauses the agent as it would in AWS. The
// suite's server judges from two e-mails (SENDING_REVIEW_MIN_EMAILS in playwright.config.ts).
import type { Page } from '@playwright/test';
import { addClientViaApi, expect, registerAgentViaApi, signInAsAdmin, snap, test } from './support/fixtures';

/** SES's EventBridge event for a permanent bounce of a client e-mail; the `agent` tag names the sender. */
const bounceOf = (address: string, agentId: string) => ({
  'detail-type': 'Email Bounced',
  source: 'aws.ses',
  detail: {
    eventType: 'Bounce',
    mail: { timestamp: new Date().toISOString(), destination: [address], tags: { agent: [agentId] } },
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1' }],
    },
  },
});

async function emailClient(page: Page, clientId: string, origin: string): Promise<void> {
  const res = await page.request.post(`/api/clients/${clientId}/messages`, {
    data: { channel: 'email', subject: 'Checking in', body: 'How is the new house?' },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('sending paused', () => {
  test('bounced client e-mails pause sending: the shell says why at desktop and 390 px, until an admin lifts it', async ({
    page,
    browser,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    const agent = await registerAgentViaApi(page);
    const stamp = Date.now();
    const addresses = [`gone-a-${stamp}@example.com`, `gone-b-${stamp}@example.com`];
    for (const [i, email] of addresses.entries()) {
      const client = await addClientViaApi(page, { name: `Bounce Client ${i + 1}`, email });
      await emailClient(page, client.id, baseURL);
    }

    const results: Array<{ outcome: string; paused?: string }> = [];
    for (const address of addresses) {
      const res = await page.request.post('/local/jobs/ses-events', {
        data: bounceOf(address, agent.user.id),
        headers: { origin: baseURL },
      });
      expect(res.status(), await res.text()).toBe(200);
      results.push((await res.json()) as { outcome: string; paused?: string });
    }
    // The first bounce of two e-mails is past the 5 % level and pauses; the second finds the agent paused already.
    expect(results).toEqual([
      expect.objectContaining({ outcome: 'suppressed', paused: 'bounces' }),
      expect.not.objectContaining({ paused: expect.anything() }),
    ]);

    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Sending paused' });
    await expect(banner).toContainText(
      'Sending to clients is paused: more than 5% of your recent e-mails bounced. Check your clients’ addresses, then ask us to lift the pause from the Help page.',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Go to Help' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 844 });
    await snap(page, 'sending-paused-banner');

    // An administrator, in a browser of their own, lifts the pause from the agents list.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      await signInAsAdmin(admin);
      await admin.goto('/agents-list');
      await admin.getByLabel('Search agents').fill(agent.email);
      await admin.getByRole('button', { name: `Lift the sending pause of ${agent.email}` }).click();
      await expect(admin.getByText(`${agent.email} can send to clients again.`)).toBeVisible();
      await expect(admin.getByRole('button', { name: `Lift the sending pause of ${agent.email}` })).toHaveCount(0);
    } finally {
      await adminContext.close();
    }

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
