// PUT /api/user/automations: the agent's rules, all of them (an occasion left out is off). Sending
// without approval is Pro only: a free agent who turns `auto` on gets 403 PRO_REQUIRED. A rule left
// on `auto` from Pro days may stay (the job asks for approval until the agent is Pro again), so a
// downgraded agent can still change everything else.
import type { Automations } from '@shared/api-types';
import { AUTOMATION_MESSAGES, automationsSchema, withDefaultRules, type AutomationRule } from '@shared/automations';
import { todayIn } from '@shared/dates';
import { setAutomationRules } from '../../data/users';
import { occasionsOn, tomorrowOf } from '../../services/automation-preview';
import { forbidden, notFound } from '../../http/errors';
import { defineHandler } from '../../http/handler';

export const handler = defineHandler(
  'user/put-user-automations',
  { body: automationsSchema },
  async ({ user, body }) => {
    const rules = body.rules as AutomationRule[];
    const stored = withDefaultRules(user.automations);
    const turnsOnAuto = rules.some(
      (rule) => rule.mode === 'auto' && stored.find((s) => s.occasion === rule.occasion)?.mode !== 'auto',
    );
    if (!user.isPro && turnsOnAuto) throw forbidden(AUTOMATION_MESSAGES.proRequired, 'PRO_REQUIRED');
    const updated = await setAutomationRules(user.id, withDefaultRules(rules));
    if (!updated) throw notFound('Your account no longer exists.');
    const date = tomorrowOf(todayIn(updated.timeZone));
    return {
      body: {
        rules: withDefaultRules(updated.automations),
        tomorrow: { date, occasions: await occasionsOn(updated, date) },
      } satisfies Automations,
    };
  },
);
