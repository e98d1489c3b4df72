// The monthly summary e-mail: on the 1st of the agent's month, in the reminders worker, the month
// that just ended for Pro agents who have not turned it off in Settings. Claimed once per agent and
// month (a conditional put), given back when the e-mail could not be sent so a retry sends it.
import { addDays } from '@shared/dates';
import { withDefaultPrefs } from '@shared/reminder-prefs';
import { config } from '../config';
import { claimMonthlySummary, releaseMonthlySummary } from '../data/insights';
import type { UserItem } from '../data/users';
import { monthlySummaryEmail } from '../domain/insights';
import { sendEmail } from '../integrations/mail';
import { readInsights } from './insights';

export type MonthlySummaryOutcome = 'sent' | 'not-the-1st' | 'not-pro' | 'turned-off' | 'already-sent';

/** Sends the summary of the month before `date` (the agent's local day) when `date` is the 1st. */
export async function sendMonthlySummary(
  agent: UserItem,
  date: string,
  now = new Date(),
): Promise<MonthlySummaryOutcome> {
  if (!date.endsWith('-01')) return 'not-the-1st';
  if (!agent.isPro) return 'not-pro';
  if (!withDefaultPrefs(agent.reminderPrefs).monthlySummary) return 'turned-off';
  const lastDay = addDays(date, -1);
  const month = lastDay.slice(0, 7);
  if (!(await claimMonthlySummary(agent.id, month, now))) return 'already-sent';
  try {
    const insights = await readInsights(agent, 1, now, lastDay);
    await sendEmail({
      to: agent.username,
      ...monthlySummaryEmail(insights, { agentName: agent.fullName, appUrl: config().appUrl }),
    });
  } catch (error) {
    await releaseMonthlySummary(agent.id, month);
    throw error;
  }
  return 'sent';
}
