import { PREFERENCE_MESSAGES } from '@shared/reminder-prefs';
import { createUser } from '@/testing/data-generators';
import { callsTo, deferred, emptyResponse, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import { openSettingsPage } from '@/testing/settings-page';
import { regionByHeading, screen, toastRegion, waitFor, within } from '@/testing/test-utils';
import { LINK_COPIED, LINK_ROTATED } from './calendar-feed-card';
import { PREFERENCES_SAVED } from './reminder-preferences-card';

const FEED = 'http://localhost/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde.ics';
const NEW_FEED = 'http://localhost/api/calendar/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxwv.ics';
const withFeed =
  (url = FEED) =>
  () =>
    jsonResponse(200, { exists: true, url, createdAt: '2025-03-01T10:00:00.000Z' });

async function openSettings(api: MockRoutes = {}, userOverrides: Parameters<typeof createUser>[0] = {}) {
  const agent = createUser({ phone: '(512) 555-0100', timeZone: 'America/Chicago', ...userOverrides });
  const view = await openSettingsPage({ agent, api });
  return { ...view, reminders: regionByHeading('Reminders'), calendar: regionByHeading('Calendar feed') };
}

const toasts = () => within(toastRegion());

describe('/settings: reminder preferences', () => {
  it("shows the agent's settings: e-mail on, SMS off, 7 days ahead, their time zone", async () => {
    const { reminders } = await openSettings();
    expect(within(reminders).getByRole('switch', { name: 'E-mail' })).toBeChecked();
    expect(within(reminders).getByRole('switch', { name: 'Text message (SMS)' })).not.toBeChecked();
    expect(within(reminders).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(within(reminders).getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(within(reminders).getByRole('button', { name: 'Save reminder settings' })).toBeDisabled();
  });

  it('saves the changes and confirms with a toast', async () => {
    const saved = createUser({
      timeZone: 'Europe/London',
      reminderPrefs: { emailDigest: false, sms: true, leadDays: 14, monthlySummary: true },
    });
    const { user, reminders, fetchMock } = await openSettings({
      'PATCH /api/user/preferences': () => jsonResponse(200, saved),
    });
    await user.click(within(reminders).getByLabelText('E-mail'));
    await user.click(within(reminders).getByLabelText('Text message (SMS)'));
    await user.click(within(reminders).getByLabelText('14 days'));
    await user.selectOptions(within(reminders).getByLabelText('Time zone'), 'Europe/London');
    await user.click(within(reminders).getByText('Save reminder settings', { selector: 'button' }));

    expect(await toasts().findByText(PREFERENCES_SAVED)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/user/preferences').map((c) => c.body)).toEqual([
      { emailDigest: false, sms: true, leadDays: 14, monthlySummary: true, timeZone: 'Europe/London' },
    ]);
  });

  it("shows the server's reason under the SMS switch when the phone cannot receive texts", async () => {
    const reason =
      'Your phone number cannot receive text messages: use a US or Canadian number, or start it with + and the country code.';
    const { user, reminders } = await openSettings({
      'PATCH /api/user/preferences': () =>
        jsonResponse(400, { message: reason, code: 'VALIDATION_FAILED', errors: { sms: reason } }),
    });
    await user.click(within(reminders).getByLabelText('Text message (SMS)'));
    await user.click(within(reminders).getByText('Save reminder settings', { selector: 'button' }));

    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(reminders).getByRole('switch', { name: 'Text message (SMS)' })).toHaveAccessibleDescription(reason);
  });

  it('offers every time zone the browser knows, and the lead times 1, 3, 7 and 14 days', async () => {
    const { reminders } = await openSettings();
    // The select's own option list: a role query would compute the accessibility of each of 400+ options.
    const zones = Array.from(
      (within(reminders).getByLabelText('Time zone') as HTMLSelectElement).options,
      (o) => o.value,
    );
    expect(zones).toEqual(
      expect.arrayContaining(['America/Chicago', 'America/New_York', 'Australia/Sydney', 'Europe/London']),
    );
    expect(zones.length).toBeGreaterThan(300);
    expect(
      within(reminders)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['1', '3', '7', '14']);
    expect(PREFERENCE_MESSAGES.leadDays).toBe('Choose 1, 3, 7 or 14 days');
  });
});

describe('/settings: calendar feed', () => {
  it('creates a link and shows it with copy, rotate and how to subscribe', async () => {
    const { user, calendar, fetchMock } = await openSettings({
      'POST /api/user/calendar-secret': () => jsonResponse(201, { url: FEED, createdAt: '2025-03-01T10:00:00.000Z' }),
    });
    await user.click(await within(calendar).findByText('Create calendar link', { selector: 'button' }));

    expect(await within(calendar).findByLabelText('Calendar link')).toHaveValue(FEED);
    expect(callsTo(fetchMock, 'POST /api/user/calendar-secret')).toHaveLength(1);
    const help = within(calendar).getByRole('region', { name: 'How to subscribe' });
    expect(within(help).getByText('Google Calendar:')).toBeInTheDocument();
    expect(within(help).getByText('Apple Calendar:')).toBeInTheDocument();
    expect(within(help).getByText('Outlook:')).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'Subscribe on this device' })).toHaveAttribute(
      'href',
      FEED.replace('http:', 'webcal:'),
    );
  });

  it('copies the link', async () => {
    const { user, calendar } = await openSettings({ 'GET /api/user/calendar': withFeed() });
    await user.click(await within(calendar).findByText('Copy link', { selector: 'button' }));
    expect(await toasts().findByText(LINK_COPIED)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FEED);
  });

  it('asks before rotating, then shows the new link', async () => {
    const answer = deferred<Response>();
    const { user, calendar } = await openSettings({
      'GET /api/user/calendar': withFeed(),
      'POST /api/user/calendar-secret': () => answer.promise,
    });
    await user.click(await within(calendar).findByText('Get a new link', { selector: 'button' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Get a new calendar link?' });
    expect(within(dialog).getByText(/stops working right away/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Get new link' }));
    expect(within(dialog).getByRole('button', { name: 'Creating...' })).toBeDisabled();
    answer.resolve(jsonResponse(201, { url: NEW_FEED, createdAt: '2025-03-02T10:00:00.000Z' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await toasts().findByText(LINK_ROTATED)).toBeInTheDocument();
    expect(within(calendar).getByLabelText('Calendar link')).toHaveValue(NEW_FEED);
  });

  it('turns the feed off', async () => {
    const { user, calendar, fetchMock } = await openSettings({
      'GET /api/user/calendar': withFeed(),
      'DELETE /api/user/calendar-secret': () => emptyResponse(204),
    });
    await user.click(await within(calendar).findByText('Turn off', { selector: 'button' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Turn off the calendar feed?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );

    expect(await within(calendar).findByRole('button', { name: 'Create calendar link' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/user/calendar-secret')).toHaveLength(1);
  });

  it('offers a new link when the current one cannot be shown again', async () => {
    const { calendar } = await openSettings({
      'GET /api/user/calendar': () =>
        jsonResponse(200, { exists: true, url: null, createdAt: '2025-03-01T10:00:00.000Z' }),
    });
    expect(await within(calendar).findByText(/can't be shown again/)).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Get a new link' })).toBeEnabled();
  });

  it('says so when the link cannot be loaded, and tries again', async () => {
    let calls = 0;
    const { user, calendar } = await openSettings({
      'GET /api/user/calendar': () => (++calls === 1 ? jsonResponse(503, { message: 'busy' }) : withFeed()()),
    });
    expect(await within(calendar).findByText('Your calendar link could not be loaded.')).toBeInTheDocument();
    await user.click(within(calendar).getByText('Try again', { selector: 'button' }));
    expect(await within(calendar).findByLabelText('Calendar link')).toHaveValue(FEED);
  });
});
