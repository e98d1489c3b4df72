// PUT /api/user/automations: the agent's rules, all of them (an occasion left out is off). Sending
// without approval is Pro only: a free agent who turns `auto` on gets 403 PRO_REQUIRED, as one who turns on the monthly
// home update. A rule left
// on `auto` from Pro days may stay (the job asks for approval until the agent is Pro again), so a
// downgraded agent can still change everything else.
import {
  AUTOMATION_MESSAGES,
  automationsSchema,
  PRO_OCCASIONS,
  withDefaultRules,
  type AutomationRule,
} from '@shared/automations';
import { setAutomationRules } from '../../data/users';
import type { NotFound, ProRequired } from '../../domain/refusals';
import { automationsOf } from '../../services/automation-preview';
import { forbidden, notFound, refusalAnswers } from '../../http/errors';
import { defineHandler } from '../../http/handler';

const REFUSALS = refusalAnswers<ProRequired | NotFound<'account'>>({
  'pro-required': ({ feature }) =>
    forbidden(feature ? AUTOMATION_MESSAGES.homeUpdatePro : AUTOMATION_MESSAGES.proRequired, 'PRO_REQUIRED'),
  'not-found': () => notFound('Your account no longer exists.'),
});

export const handler = defineHandler(
  'user/put-user-automations',
  { body: automationsSchema, refusals: REFUSALS },
  async ({ user, body }) => {
    const rules = body.rules as AutomationRule[];
    const stored = withDefaultRules(user.automations);
    const turnsOnAuto = rules.some(
      (rule) => rule.mode === 'auto' && stored.find((s) => s.occasion === rule.occasion)?.mode !== 'auto',
    );
    if (!user.isPro && turnsOnAuto) return { kind: 'pro-required' };
    // The monthly home update is Pro: a free account cannot turn it on (one left on from Pro days sends nothing).
    const turnsOnPro = rules.some(
      (rule) =>
        rule.enabled &&
        PRO_OCCASIONS.includes(rule.occasion) &&
        !stored.find((s) => s.occasion === rule.occasion)?.enabled,
    );
    if (!user.isPro && turnsOnPro) return { kind: 'pro-required', feature: 'home-update' };
    const updated = await setAutomationRules(user.id, withDefaultRules(rules));
    if (!updated) return { kind: 'not-found', what: 'account' };
    return { body: await automationsOf(updated) };
  },
);
