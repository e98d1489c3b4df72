// Clients reach their agent: an e-mailed invitation completed in the browser with a video
// testimonial uploaded straight to storage, and a visitor who finds their realtor and registers by keyboard alone
// (pending until they confirm from the e-mail).
import { SMS_CONSENT_WORDS } from '@shared/sms-consent';
import { expect, outbox, registerRealtorViaApi, snap, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';
import { tabTo, typeInto } from './support/keyboard';

const VIDEO = Buffer.from('\x00\x00\x00\x18ftypmp42 a few bytes of testimonial video');

test.describe('client invitations', () => {
  test('an invited client completes their profile and uploads a video the agent can watch', async ({
    page,
    request,
    baseURL,
  }) => {
    const agent = await registerRealtorViaApi(request, 'Rivera Home Group');
    const invitee = { name: 'Casey Browser', email: `casey-${Date.now()}@example.com` };
    const sent = await request.post('/api/client-invitations', { data: invitee, headers: { origin: baseURL! } });
    expect(sent.status(), await sent.text()).toBe(201);

    const link = await outbox.latestLink(invitee.email, /https?:\/\/\S+\/client-registration#token=\S+/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeVisible();
    await expect(page.getByText('Please provide your information to complete the registration')).toBeVisible();
    await expect(
      page.getByText(`Hi Casey Browser, ${agent.fullName} of Rivera Home Group invited you to stay in touch.`),
    ).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveCount(0);
    await page.getByLabel('Phone').fill('(555) 123-4567');
    await page.getByLabel('Address (optional)').fill('12 Elm Street, Austin, TX');
    await page.getByLabel('Birthday (optional)').fill('1988-04-12');
    // The consent to texts: unticked until the client ticks it, its label the words stored with it.
    const consent = page.getByRole('checkbox', { name: SMS_CONSENT_WORDS });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await expectAxeClean(page, 'the invited client registration form');
    await snap(page, 'client-registration-invited');
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await expect(page.getByText('Registration complete', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Share Your Experience' })).toBeVisible();
    await page.getByLabel('Video file').setInputFiles({ name: 'my-story.mp4', mimeType: 'video/mp4', buffer: VIDEO });
    await snap(page, 'client-registration-video-chosen');
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect(page.getByText('Thank you! Your video has been uploaded and shared with your realtor.')).toBeVisible();
    await snap(page, 'client-registration-video-done');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    // the link works once
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeVisible();
    await snap(page, 'client-registration-invalid');

    const clients = ((await (await request.get('/api/clients?limit=500')).json()) as { clients: unknown })
      .clients as Array<{
      id: string;
      name: string;
      email: string;
      phone: string;
      hasTestimonial: boolean;
    }>;
    expect(clients).toEqual([
      expect.objectContaining({
        name: 'Casey Browser',
        email: invitee.email,
        phone: '(555) 123-4567',
        hasTestimonial: true,
        smsConsent: { status: 'granted', source: 'client-form', at: expect.any(String), words: SMS_CONSENT_WORDS },
      }),
    ]);
    const testimonials = (await (await request.get(`/api/clients/${clients[0]!.id}/testimonials`)).json()) as Array<{
      url: string;
      contentType: string;
    }>;
    expect(testimonials).toEqual([expect.objectContaining({ contentType: 'video/mp4', url: expect.any(String) })]);
    const video = await request.get(testimonials[0]!.url);
    expect(video.status()).toBe(200);
    expect(Buffer.from(await video.body())).toEqual(VIDEO);
  });

  test('a visitor finds their realtor by e-mail and registers themselves, by keyboard', async ({ page, request }) => {
    const agent = await registerRealtorViaApi(request, 'Lakeside Realty');
    await page.goto('/client-registration');
    await expect(page).toHaveURL(/\/find-realtor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select Your Realtor' })).toBeVisible();
    const search = page.getByPlaceholder("Type realtor's email to search...");
    await search.fill('zz-nobody-here@example.com');
    await expect(page.getByText('No realtor found with that email.')).toBeVisible();
    await search.fill(agent.email);
    const option = page.getByRole('option', {
      name: new RegExp(agent.fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await expect(option).toContainText('Lakeside Realty · Austin, TX');
    await expect(option).not.toContainText(agent.email);
    await snap(page, 'find-realtor');
    await option.click();

    await expect(page).toHaveURL(new RegExp(`/client-registration\\?agentId=${agent.user.id}$`));
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('selectedAgent')))!)).toMatchObject({
      id: agent.user.id,
      fullName: agent.fullName,
    });
    await expect(page.getByText(`Your realtor: ${agent.fullName} (Lakeside Realty · Austin, TX)`)).toBeVisible();
    const email = `sam-${Date.now()}@example.com`;
    // By keyboard alone.
    await typeInto(page, page.getByLabel('Full Name'), 'Sam Visitor');
    await typeInto(page, page.getByLabel('Email'), email);
    await typeInto(page, page.getByLabel('Phone'), '(555) 987-6543');
    // Left unticked: no consent is recorded.
    await expect(page.getByRole('checkbox', { name: SMS_CONSENT_WORDS })).not.toBeChecked();
    await snap(page, 'client-registration-self');
    await tabTo(page, page.getByRole('button', { name: 'Complete Registration' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Registration complete', { exact: true })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Skip for Now' }));
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\/auth$/);

    // Anyone can type any e-mail: the client is pending (no plan slot, no automatic message) until they confirm.
    const listed = async () =>
      ((await (await request.get('/api/clients?limit=500')).json()) as { clients: unknown }).clients as Array<
        Record<string, unknown>
      >;
    expect(await listed()).toEqual([
      expect.objectContaining({
        name: 'Sam Visitor',
        email,
        registrationPending: true,
        smsConsent: { status: 'none', source: null, at: null },
      }),
    ]);
    await page.goto(await outbox.latestLink(email, /https?:\/\/\S+\/client-registration\/confirm#token=\S+/));
    await page.getByRole('button', { name: 'Confirm My Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Details Confirmed' })).toBeVisible();
    const [confirmed] = await listed();
    expect(confirmed).toMatchObject({ name: 'Sam Visitor', email });
    expect(confirmed).not.toHaveProperty('registrationPending');
  });

  test('a known client confirms from their e-mail the details registered with their address, and their video reaches the agent', async ({
    page,
    request,
    baseURL,
  }) => {
    const agent = await registerRealtorViaApi(request, 'Harbor Homes');
    const email = `known-${Date.now()}@example.com`;
    const added = await request.post('/api/clients', {
      data: { name: 'Kit Known', email, phone: '(555) 111-2222' },
      headers: { origin: baseURL! },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.goto(`/client-registration?agentId=${agent.user.id}`);
    await page.getByLabel('Full Name').fill('Kit Known');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(555) 333-4444');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page.getByText('Registration complete', { exact: true })).toBeVisible();
    await page.getByLabel('Video file').setInputFiles({ name: 'my-story.mp4', mimeType: 'video/mp4', buffer: VIDEO });
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect(page.getByText('Thank you! Your video has been uploaded and shared with your realtor.')).toBeVisible();

    const before = ((await (await request.get('/api/clients?limit=500')).json()) as { clients: unknown })
      .clients as Array<{
      phone: string;
      hasTestimonial: boolean;
    }>;
    expect(before).toEqual([expect.objectContaining({ phone: '(555) 111-2222', hasTestimonial: false })]);

    const link = await outbox.latestLink(email, /https?:\/\/\S+\/client-registration\/confirm#token=\S+/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Details' })).toBeVisible();
    await snap(page, 'client-registration-confirm');
    await page.getByRole('button', { name: 'Confirm My Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Details Confirmed' })).toBeVisible();
    await expect(page.getByText(`Your video is now shared with ${agent.fullName}.`)).toBeVisible();
    await snap(page, 'client-registration-confirmed');

    const after = ((await (await request.get('/api/clients?limit=500')).json()) as { clients: unknown })
      .clients as Array<{
      phone: string;
      hasTestimonial: boolean;
    }>;
    expect(after).toEqual([expect.objectContaining({ phone: '(555) 333-4444', hasTestimonial: true })]);

    // Opened again from the e-mail (a new tab: going to the same URL but its fragment would not load the page anew).
    const again = await page.context().newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Confirm My Details' }).click();
    await expect(again.getByRole('heading', { level: 1, name: 'Already Confirmed' })).toBeVisible();
  });
});
