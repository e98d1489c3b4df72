import type { Automations } from '@shared/api-types';
import { AUTOMATION_MESSAGES, type AutomationRule } from '@shared/automations';
import { createUser } from '@/testing/data-generators';
import { callsTo, jsonResponse, type MockRoutes } from '@/testing/mock-api';
import {
  fireEvent,
  findPageHeading,
  regionByHeading,
  renderApp,
  screen,
  toastRegion,
  within,
} from '@/testing/test-utils';

const AUTOMATIONS = '/api/user/automations';
const SWITCH = 'Send a message on this occasion';
const TIME = "Send time (client's time)";

/**
 * Birthday on, by e-mail for approval at 9:00; wedding anniversary off, by text at 10:00; home anniversary never saved.
 */
const stored: AutomationRule[] = [
  { occasion: 'birthday', enabled: true, channel: 'email', mode: 'approve', sendTime: '09:00' },
  { occasion: 'anniversary', enabled: false, channel: 'sms', mode: 'approve', sendTime: '10:00' },
];
const defaultHome: AutomationRule = {
  occasion: 'home-anniversary',
  enabled: false,
  channel: 'email',
  mode: 'approve',
  sendTime: '09:00',
};

/** The check-in rule, never saved either: sent with its defaults. */
const defaultCheckIn: AutomationRule = { ...defaultHome, occasion: 'check-in' };
/** The monthly home update's rule, never saved: sent with its defaults. */
const defaultHomeUpdate: AutomationRule = { ...defaultHome, occasion: 'home-update' };

function automationsWith(rules: AutomationRule[], occasions: Automations['tomorrow']['occasions'] = []): Automations {
  return { rules, tomorrow: { date: '2026-11-25', occasions } };
}

async function openAutomations({ isPro = false, api = {} }: { isPro?: boolean; api?: MockRoutes } = {}) {
  const occasions = [
    {
      clientId: 'client-sam',
      clientName: 'Sam Carter',
      occasion: 'home-anniversary' as const,
      label: '7th home anniversary',
    },
  ];
  const view = renderApp('/automations', {
    user: createUser({ isPro }),
    api: { [`GET ${AUTOMATIONS}`]: () => jsonResponse(200, automationsWith(stored, occasions)), ...api },
  });
  await findPageHeading('Automations');
  const form = await screen.findByLabelText('Automation rules');
  return { ...view, form, card: (title: string) => regionByHeading(title) };
}

/** A button by its text (a role query over the page computes every element's style). */
function button(container: HTMLElement, name: string): HTMLElement {
  const element = within(container).getByText(name).closest('button');
  expect(element).toHaveRole('button');
  return element!;
}

const toasts = () => within(toastRegion());

describe('/automations', () => {
  it("shows each occasion's rule as saved (defaults for one never saved) and whose occasion comes tomorrow", async () => {
    const { form, card } = await openAutomations();
    expect(form).toHaveRole('form');

    const birthday = card('Birthday');
    expect(within(birthday).getByLabelText(SWITCH)).toBeChecked();
    expect(within(birthday).getByLabelText('E-mail')).toBeChecked();
    expect(within(birthday).getByLabelText('Ask me to approve each message')).toBeChecked();
    expect(within(birthday).getByLabelText(TIME)).toHaveValue('09:00');
    expect(within(birthday).getByLabelText(TIME)).toHaveAccessibleDescription(
      "Texts go out between 8:00 and 21:00 in the client's time zone.",
    );

    const anniversary = card('Wedding anniversary');
    expect(within(anniversary).getByLabelText(SWITCH)).not.toBeChecked();
    expect(within(anniversary).getByLabelText('Text message')).toBeChecked();
    expect(within(anniversary).getByLabelText(TIME)).toHaveValue('10:00');

    const home = card('Home anniversary');
    expect(within(home).getByLabelText(SWITCH)).not.toBeChecked();
    expect(within(home).getByLabelText('E-mail')).toBeChecked();
    expect(within(home).getByLabelText(TIME)).toHaveValue('09:00');

    const tomorrow = regionByHeading('Tomorrow');
    expect(within(tomorrow).getByText('Wed, Nov 25, 2026')).toBeInTheDocument();
    const [entry, ...rest] = Array.from(within(tomorrow).getByLabelText('Occasions tomorrow').querySelectorAll('li'));
    expect(rest).toHaveLength(0);
    expect(
      within(entry!).getByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'Sam Carter — 7th home anniversary',
      ),
    ).toBeInTheDocument();
    expect(within(entry!).getByText('No automatic message: home anniversary messages are off.')).toBeInTheDocument();

    expect(button(form, 'Save automations')).toBeDisabled();
  });

  it('says when no occasion comes tomorrow', async () => {
    renderApp('/automations', {
      user: createUser(),
      api: { [`GET ${AUTOMATIONS}`]: () => jsonResponse(200, automationsWith(stored)) },
    });
    await screen.findByLabelText('Automation rules');
    expect(
      within(regionByHeading('Tomorrow')).getByText('No birthdays or anniversaries tomorrow.'),
    ).toBeInTheDocument();
  });

  it('says when the rules could not be loaded, and loads them again', async () => {
    let calls = 0;
    const { user } = renderApp('/automations', {
      user: createUser(),
      api: {
        [`GET ${AUTOMATIONS}`]: () =>
          ++calls === 1
            ? jsonResponse(503, { message: 'The service is busy.' })
            : jsonResponse(200, automationsWith(stored)),
      },
    });
    expect(await screen.findByText(/We couldn't load your automations\. The service is busy\./)).toBeInTheDocument();
    await user.click(button(document.body, 'Try again'));
    expect(await screen.findByLabelText('Automation rules')).toBeInTheDocument();
  });

  it('saves every rule as edited and confirms with a toast', async () => {
    const saved = [
      stored[0]!,
      stored[1]!,
      {
        occasion: 'home-anniversary',
        enabled: true,
        channel: 'sms',
        mode: 'auto',
        sendTime: '18:30',
      } satisfies AutomationRule,
      defaultCheckIn,
      defaultHomeUpdate,
    ];
    const { user, card, form, fetchMock } = await openAutomations({
      isPro: true,
      api: { [`PUT ${AUTOMATIONS}`]: () => jsonResponse(200, automationsWith(saved)) },
    });
    const home = card('Home anniversary');
    await user.click(within(home).getByLabelText(SWITCH));
    await user.click(within(home).getByLabelText('Text message'));
    await user.click(within(home).getByLabelText(/^Send it automatically/));
    fireEvent.change(within(home).getByLabelText(TIME), { target: { value: '18:30' } });
    await user.click(button(form, 'Save automations'));

    expect(await toasts().findByText('Automations saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${AUTOMATIONS}`).map((request) => request.body)).toEqual([{ rules: saved }]);
    expect(within(home).getByLabelText(SWITCH)).toBeChecked();
    expect(button(form, 'Save automations')).toBeDisabled();
  });

  it("shows the schema's message under the send time of a text outside 8:00–21:00, and sends nothing", async () => {
    const { user, card, form, fetchMock } = await openAutomations({
      api: { [`PUT ${AUTOMATIONS}`]: () => jsonResponse(200, automationsWith(stored)) },
    });
    const anniversary = card('Wedding anniversary');
    fireEvent.change(within(anniversary).getByLabelText(TIME), { target: { value: '07:00' } });
    await user.click(button(form, 'Save automations'));

    expect(await within(anniversary).findByText(AUTOMATION_MESSAGES.smsSendTime)).toBeInTheDocument();
    expect(within(anniversary).getByLabelText(TIME)).toHaveAccessibleDescription(AUTOMATION_MESSAGES.smsSendTime);
    expect(within(anniversary).getByLabelText(TIME)).toBeInvalid();
    expect(within(card('Birthday')).getByLabelText(TIME)).toBeValid();
    expect(callsTo(fetchMock, `PUT ${AUTOMATIONS}`)).toHaveLength(0);

    // Choosing e-mail instead clears it (e-mails may go at any time).
    await user.click(within(anniversary).getByLabelText('E-mail'));
    expect(within(anniversary).queryByText(AUTOMATION_MESSAGES.smsSendTime)).not.toBeInTheDocument();
  });

  it("puts a 400's field errors under their control and shows the server's message", async () => {
    const reason = 'Enter a time as HH:MM (24-hour)';
    const { user, card, form } = await openAutomations({
      api: {
        [`PUT ${AUTOMATIONS}`]: () =>
          jsonResponse(400, {
            message: 'Some rules need a look.',
            code: 'VALIDATION_FAILED',
            errors: { 'rules[0].sendTime': reason },
          }),
      },
    });
    fireEvent.change(within(card('Birthday')).getByLabelText(TIME), { target: { value: '08:15' } });
    await user.click(button(form, 'Save automations'));

    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Some rules need a look.')).toBeInTheDocument();
    expect(within(card('Birthday')).getByLabelText(TIME)).toHaveAccessibleDescription(reason);
    expect(within(card('Home anniversary')).getByLabelText(TIME)).toBeValid();
  });

  it('keeps "Send it automatically" for Pro: disabled for a free agent, with the way to upgrade', async () => {
    const { card } = await openAutomations();
    const birthday = card('Birthday');
    const auto = within(birthday).getByLabelText(/^Send it automatically/);
    expect(auto).toBeDisabled();
    expect(auto).toHaveAccessibleDescription('Sending without asking comes with Pro. Upgrade to Pro');
    expect(within(birthday).getByText('Pro')).toBeInTheDocument();
    expect(within(birthday).getByText('Upgrade to Pro').closest('a')).toHaveAttribute('href', '/settings');
    expect(within(birthday).getByLabelText('Ask me to approve each message')).toBeEnabled();
  });

  it('keeps the monthly home update for Pro, by e-mail only', async () => {
    const { card } = await openAutomations();
    const update = card('Monthly home value update');
    expect(within(update).getByLabelText(SWITCH)).toBeDisabled();
    expect(within(update).getByText(AUTOMATION_MESSAGES.homeUpdatePro)).toBeInTheDocument();
    expect(within(update).getByLabelText('E-mail')).toBeInTheDocument();
    expect(within(update).queryByLabelText('Text message')).not.toBeInTheDocument();
  });

  it('shows the 403 PRO_REQUIRED message under the choice it refuses, and reads the plan again', async () => {
    const { user, card, form, fetchMock } = await openAutomations({
      isPro: true,
      api: {
        [`PUT ${AUTOMATIONS}`]: () =>
          jsonResponse(403, { code: 'PRO_REQUIRED', message: AUTOMATION_MESSAGES.proRequired }),
      },
    });
    const birthday = card('Birthday');
    await user.click(within(birthday).getByLabelText(/^Send it automatically/));
    await user.click(button(form, 'Save automations'));

    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText(AUTOMATION_MESSAGES.proRequired)).toBeInTheDocument();
    expect(within(birthday).getByText(AUTOMATION_MESSAGES.proRequired)).toBeInTheDocument();
    expect(within(card('Wedding anniversary')).queryByText(AUTOMATION_MESSAGES.proRequired)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThan(1);
  });

  it('sends the rules in occasion order, with the defaults for the ones never saved', async () => {
    const { user, card, form, fetchMock } = await openAutomations({
      api: { [`PUT ${AUTOMATIONS}`]: () => jsonResponse(200, automationsWith(stored)) },
    });
    await user.click(within(card('Wedding anniversary')).getByLabelText(SWITCH));
    await user.click(button(form, 'Save automations'));
    await toasts().findByText('Automations saved');
    expect(callsTo(fetchMock, `PUT ${AUTOMATIONS}`)[0]?.body).toEqual({
      rules: [stored[0], { ...stored[1], enabled: true }, defaultHome, defaultCheckIn, defaultHomeUpdate],
    });
  });
});
