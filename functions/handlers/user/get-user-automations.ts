// GET /api/user/automations: every occasion's rule (off by default) and whose occasions come round
// tomorrow in the agent's time zone, for the Automations page's preview.
import type { Automations } from '@shared/api-types';
import { withDefaultRules } from '@shared/automations';
import { todayIn } from '@shared/dates';
import { occasionsOn, tomorrowOf } from '../../services/automation-preview';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler('user/get-user-automations', {}, async ({ user }) => {
  const date = tomorrowOf(todayIn(user.timeZone));
  return {
    body: {
      rules: withDefaultRules(user.automations),
      tomorrow: { date, occasions: await occasionsOn(user, date) },
    } satisfies Automations,
  };
});
