// The agent's integrations as GET /api/integrations shows them: the Google connection's reviews (the hourly reviews
// sync), contacts (the contacts sync) and calendar (the calendar sync), each as functions/domain/integration-status.ts
// judges it; what of them needs the agent, in words (the morning digest); and the one e-mail a feature that has gone a
// day without a success owes the agent (the hourly job), told again only after a success came between.
import type { Integrations } from '@shared/api-types';
import { config } from '../config';
import {
  getConnection,
  recordFeatureSync,
  type CalendarFeatureItem,
  type GoogleConnectionItem,
  type GoogleFeatureItem,
} from '../data/google-connections';
import {
  attentionSentence,
  FEATURE_NAMES,
  integrationStatus,
  owesStaleNotice,
  type SyncRecord,
  type SyncedFeature,
} from '../domain/integration-status';
import { escapeHtml, sendEmail } from '../integrations/mail';

/** What a feature's syncs kept, as the status rule reads it. */
const featureRecord = (
  state: (GoogleFeatureItem | CalendarFeatureItem) | undefined,
  conflicts: number,
): SyncRecord => ({
  since: state?.enabledAt ?? null,
  lastSuccessAt: state?.lastSuccessAt ?? null,
  lastError: state?.lastError ?? null,
  itemsIn: state?.lastRun?.itemsIn ?? 0,
  itemsOut: state?.lastRun?.itemsOut ?? 0,
  conflicts,
});

/** What each feature's syncs kept (the reviews keep no failure). */
function recordsOf(connection: GoogleConnectionItem | undefined): Record<SyncedFeature, SyncRecord> {
  return {
    // The reviews follow a location: until one is chosen there is nothing to sync.
    reviews: {
      since: connection?.locationName ? connection.connectedAt : null,
      lastSuccessAt: connection?.lastSyncAt ?? null,
      lastError: null,
    },
    contacts: featureRecord(connection?.contactsFeature, connection?.contactsFeature?.conflicts?.length ?? 0),
    calendar: featureRecord(connection?.calendarFeature, 0),
  };
}

export async function integrationsOf(agentId: string, now = new Date()): Promise<Integrations> {
  const connection = await getConnection(agentId);
  const records = recordsOf(connection);
  return {
    google: {
      connected: connection !== undefined,
      clientsGroup: Boolean(connection?.contactsFeature?.group),
      features: {
        reviews: integrationStatus(records.reviews, now),
        contacts: integrationStatus(records.contacts, now),
        calendar: integrationStatus(records.calendar, now),
      },
    },
  };
}

/** What of the agent's integrations needs them, a sentence each (none when all is well). */
export async function integrationsNeedingAgent(agentId: string, now = new Date()): Promise<string[]> {
  const connection = await getConnection(agentId);
  if (!connection) return [];
  const records = recordsOf(connection);
  return (Object.keys(records) as SyncedFeature[]).flatMap(
    (feature) => attentionSentence(feature, integrationStatus(records[feature], now)) ?? [],
  );
}

/**
 * E-mails the agent about each feature (contacts, calendar) that has gone a day without a success, once per such
 * stretch (kept as the feature's `toldAt`); the features told.
 */
export async function tellStaleFeatures(
  agent: { id: string; username: string; fullName: string },
  now = new Date(),
): Promise<SyncedFeature[]> {
  const connection = await getConnection(agent.id);
  const records = recordsOf(connection);
  const told: SyncedFeature[] = [];
  for (const feature of ['contacts', 'calendar'] as const) {
    const state = connection?.[`${feature}Feature`];
    if (!state || !owesStaleNotice({ ...records[feature], toldAt: state.toldAt ?? null }, now)) continue;
    const sentence = attentionSentence(feature, integrationStatus(records[feature], now));
    const settings = `${config().appUrl}/settings`;
    const name = FEATURE_NAMES[feature];
    await sendEmail({
      to: agent.username,
      subject: `${name} has not synced for a day`,
      text: `Hi ${agent.fullName.split(' ')[0] || 'there'},\n\n${sentence ?? ''}\nSee what it needs in Settings: ${settings}\n`,
      html: `<p>${escapeHtml(sentence ?? '')}</p><p><a href="${escapeHtml(settings)}">See what it needs in Settings</a></p>`,
    });
    await recordFeatureSync(agent.id, feature, state.enabledAt, { toldAt: now.toISOString() });
    told.push(feature);
  }
  return told;
}
