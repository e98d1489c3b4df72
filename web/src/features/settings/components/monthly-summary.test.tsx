// The monthly summary switch of /settings' Reminders card (apart from reminder-settings.test.tsx,
// which renders the page many times over).
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse } from '@/testing/mock-api';
import { findPageHeading, regionByHeading, renderApp, toastRegion, within } from '@/testing/test-utils';
import { PREFERENCES_SAVED } from './reminder-preferences-card';

it('turns the monthly summary e-mail off and saves it with the reminder settings', async () => {
  const agent = createUser({ isPro: true });
  const saved = { ...agent, reminderPrefs: { ...agent.reminderPrefs, monthlySummary: false } };
  const { user, fetchMock } = renderApp('/settings', {
    user: agent,
    api: {
      'GET /api/user/calendar': () => jsonResponse(200, { exists: false, url: null, createdAt: null }),
      'PATCH /api/user/preferences': () => jsonResponse(200, saved),
    },
  });
  await findPageHeading('Settings');
  const reminders = regionByHeading('Reminders');
  const summary = within(reminders).getByLabelText('Monthly summary e-mail');
  expect(summary).toHaveRole('switch');
  expect(summary).toBeChecked();
  expect(summary).toHaveAccessibleDescription("On the 1st, a summary of last month's insights (Pro)");

  await user.click(summary);
  await user.click(within(reminders).getByText('Save reminder settings', { selector: 'button' }));

  expect(await within(toastRegion()).findByText(PREFERENCES_SAVED)).toBeInTheDocument();
  expect(callsTo(fetchMock, 'PATCH /api/user/preferences').map((call) => call.body)).toEqual([
    expect.objectContaining({ monthlySummary: false }),
  ]);
  expect(within(reminders).getByLabelText('Monthly summary e-mail')).not.toBeChecked();
});
