// The daily digest an agent receives at 8 am: today's key dates and the next few days' (the shared
// reminder rules), as an e-mail (plain text and HTML, with links into the app) and a one-line SMS.
import { addDays, dateParts } from '@shared/dates';
import type { LeadDays } from '@shared/reminder-prefs';
import { eventsWithin, eventTitle, type ReminderClient, type ReminderEvent } from '@shared/reminders';
import { dueMilestones, type MilestoneClient } from './milestones';
import { agentText, escapeHtml } from './message-text';

export type Digest = {
  /** The agent's local date the digest is for. */
  date: string;
  leadDays: LeadDays;
  today: ReminderEvent[];
  /** From tomorrow through `leadDays` days after today. */
  upcoming: ReminderEvent[];
  /** Automatic messages waiting in the agent's queue for approval (the Today page). */
  approvals?: number;
  /** The top of the day's next best touch (functions/domain/next-best.ts): whom to contact, with one reason each. */
  touches?: DigestTouch[];
  /** What of the agent's Google connection needs them, a sentence each (services/integrations.ts). */
  attention?: string[];
};

export type DigestTouch = { name: string; reason: string };
/** The digest names this many of the day's next best touches. */
export const DIGEST_TOUCHES = 3;

export type RenderedEmail = { subject: string; text: string; html: string };

/** The e-mail lists at most this many events per section; the rest are one link away. */
export const EMAIL_LIST_LIMIT = { today: 100, upcoming: 50 } as const;
const SMS_LABEL_MAX = 60;
/** The touches of a day without dates share this much of the SMS, so the line still fits one (160 characters). */
const SMS_TOUCHES_MAX = 90;

export function buildDigest(clients: readonly ReminderClient[], date: string, leadDays: LeadDays): Digest {
  return {
    date,
    leadDays,
    today: eventsWithin(clients, date, date),
    upcoming: eventsWithin(clients, addDays(date, 1), addDays(date, leadDays)),
  };
}

export const isEmptyDigest = (digest: Digest): boolean =>
  digest.today.length === 0 &&
  digest.upcoming.length === 0 &&
  !digest.approvals &&
  !digest.touches?.length &&
  !digest.attention?.length;

/** "Dana Lee (Birthday on Friday)": a touch in one line, the reason as the ranking wrote it. */
export const touchLabel = (touch: DigestTouch): string => `${agentText(touch.name)} (${agentText(touch.reason)})`;

/**
 * Clients with a "{n} Year Homeowner" milestone due and not yet awarded: today's home
 * anniversaries, and any a missed day left behind. Reads nothing; the caller awards only these.
 */
export function clientsOwedHomeownerMilestones<
  C extends MilestoneClient & { awardedMilestones?: Iterable<string> | null },
>(clients: readonly C[], date: string): C[] {
  return clients.filter((client) => {
    if (!client.purchaseDate) return false;
    const awarded = new Set(client.awardedMilestones ?? []);
    return dueMilestones(client, date).some((m) => m.type.startsWith('homeowner-') && !awarded.has(m.type));
  });
}

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const asInstant = (date: string) => {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day));
};

/** "tomorrow" or "in the next 7 days". */
export function windowPhrase(leadDays: LeadDays): string {
  return leadDays === 1 ? 'tomorrow' : `in the next ${leadDays} days`;
}

/** "Birthday: Maria Lopez": the same words as the calendar feed and the Reminders page. */
export function eventLabel(event: ReminderEvent): string {
  return `${agentText(eventTitle(event))}: ${agentText(event.clientName)}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function digestSubject(digest: Digest): string {
  const parts: string[] = [];
  if (digest.approvals) parts.push(`${plural(digest.approvals, 'message')} to approve`);
  if (digest.today.length) parts.push(`${digest.today.length} today`);
  if (digest.upcoming.length) parts.push(`${digest.upcoming.length} ${windowPhrase(digest.leadDays)}`);
  if (digest.touches?.length) parts.push(`${plural(digest.touches.length, 'client')} to contact`);
  if (digest.attention?.length) parts.push('Google needs you');
  return `Client reminders for ${longDate.format(asInstant(digest.date))}: ${parts.join(', ') || 'nothing due'}`;
}

export function digestEmail(digest: Digest, options: { agentName: string; appUrl: string }): RenderedEmail {
  const links = {
    reminders: `${options.appUrl}/reminders`,
    clients: `${options.appUrl}/clients`,
    settings: `${options.appUrl}/settings`,
    today: `${options.appUrl}/today`,
  };
  const approvals = digest.approvals
    ? `${plural(digest.approvals, 'message')} for today's occasions ${digest.approvals === 1 ? 'waits' : 'wait'} for your approval`
    : null;
  const firstName = agentText(options.agentName).split(' ')[0] || 'there';
  const touches = digest.touches ?? [];
  const touchesHeading = 'Whom to contact today';
  const sections = [
    {
      heading: `Today, ${longDate.format(asInstant(digest.date))}`,
      events: digest.today,
      limit: EMAIL_LIST_LIMIT.today,
      withDate: false,
    },
    {
      heading: `Coming up ${windowPhrase(digest.leadDays)}`,
      events: digest.upcoming,
      limit: EMAIL_LIST_LIMIT.upcoming,
      withDate: true,
    },
  ].filter((section) => section.events.length > 0);

  const line = (event: ReminderEvent, withDate: boolean) =>
    withDate ? `${shortDate.format(asInstant(event.date))} - ${eventLabel(event)}` : eventLabel(event);
  const more = (count: number) => `...and ${count} more: ${links.reminders}`;

  const attention = digest.attention ?? [];
  const text = [
    `Hi ${firstName},`,
    '',
    ...(attention.length ? [...attention, `Open Settings: ${links.settings}`, ''] : []),
    ...(approvals ? [`${approvals}: ${links.today}`, ''] : []),
    ...(touches.length
      ? [
          `${touchesHeading}:`,
          ...touches.map((touch) => `  - ${touchLabel(touch)}`),
          `  Open Today: ${links.today}`,
          '',
        ]
      : []),
    ...sections.flatMap(({ heading, events, limit, withDate }) => [
      `${heading}:`,
      ...events.slice(0, limit).map((event) => `  - ${line(event, withDate)}`),
      ...(events.length > limit ? [`  ${more(events.length - limit)}`] : []),
      '',
    ]),
    `All your reminders: ${links.reminders}`,
    `Your clients: ${links.clients}`,
    '',
    `You get this e-mail every morning there is something to remember. Change it in Settings: ${links.settings}`,
    '',
  ].join('\n');

  const html = [
    `<p>Hi ${escapeHtml(firstName)},</p>`,
    ...attention.map((sentence) => `<p><strong>${escapeHtml(sentence)}</strong></p>`),
    ...(attention.length ? [`<p><a href="${escapeHtml(links.settings)}">Open Settings</a></p>`] : []),
    ...(approvals
      ? [
          `<p><strong>${escapeHtml(approvals)}.</strong> <a href="${escapeHtml(links.today)}">Review and send them</a></p>`,
        ]
      : []),
    ...(touches.length
      ? [
          `<h3 style="margin:16px 0 8px">${touchesHeading}</h3><ul style="margin:0;padding-left:20px">` +
            touches
              .map(
                (touch) =>
                  `<li><strong>${escapeHtml(agentText(touch.name))}</strong> &middot; ${escapeHtml(agentText(touch.reason))}</li>`,
              )
              .join('') +
            `</ul><p style="margin:8px 0 0"><a href="${escapeHtml(links.today)}">Open Today</a></p>`,
        ]
      : []),
    ...sections.map(
      ({ heading, events, limit, withDate }) =>
        `<h3 style="margin:16px 0 8px">${escapeHtml(heading)}</h3><ul style="margin:0;padding-left:20px">` +
        events
          .slice(0, limit)
          .map(
            (event) =>
              `<li>${withDate ? `<strong>${escapeHtml(shortDate.format(asInstant(event.date)))}</strong> &middot; ` : ''}${escapeHtml(eventLabel(event))}</li>`,
          )
          .join('') +
        (events.length > limit
          ? `<li><a href="${escapeHtml(links.reminders)}">&hellip;and ${events.length - limit} more</a></li>`
          : '') +
        '</ul>',
    ),
    `<p style="margin-top:24px"><a href="${escapeHtml(links.reminders)}">See all your reminders</a> &middot; <a href="${escapeHtml(links.clients)}">Open your clients</a></p>`,
    `<p style="color:#666;font-size:12px">You get this e-mail every morning there is something to remember. <a href="${escapeHtml(links.settings)}">Change it in Settings</a>.</p>`,
  ].join('\n');

  return { subject: digestSubject(digest), text, html };
}

/** One line, plain ASCII where we write it, short enough for one or two SMS segments. */
export function digestSms(digest: Digest, appUrl: string): string {
  if (digest.approvals)
    return `Reminders - ${plural(digest.approvals, 'message')} to approve for today's occasions. ${appUrl}/today`;
  const link = `${appUrl}/reminders`;
  const label = (event: ReminderEvent) => truncate(eventLabel(event), SMS_LABEL_MAX);
  const { today, upcoming } = digest;
  const window = windowPhrase(digest.leadDays);
  if (today.length > 0) {
    const first = `Today: ${label(today[0]!)}${today.length > 1 ? ` and ${today.length - 1} more` : ''}.`;
    const next = upcoming.length > 0 ? ` ${plural(upcoming.length, 'more date')} ${window}.` : '';
    return `Reminders - ${first}${next} ${link}`;
  }
  const soonest = upcoming[0];
  if (!soonest) {
    const touches = digest.touches ?? [];
    if (touches.length === 0)
      return digest.attention?.length ? `Reminders - Google needs you: open Settings. ${appUrl}/settings` : '';
    const names = truncate(touches.map(touchLabel).join('; '), SMS_TOUCHES_MAX);
    return `Reminders - contact today: ${names}. ${appUrl}/today`;
  }
  return `Reminders - ${plural(upcoming.length, 'client date')} ${window}, first ${label(soonest)} on ${monthDay.format(asInstant(soonest.date))}. ${link}`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3).trimEnd()}...`;
}
