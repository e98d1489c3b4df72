// jobs/ses-events: SES's bounce and complaint events for the configuration set our client e-mails
// go through, delivered by an EventBridge rule (not a public route). A permanent bounce or a
// complaint marks the message and suppresses the address: no further e-mail goes to it (the send
// route answers 409 EMAIL_SUPPRESSED). Transient bounces (a full mailbox) are only logged. Each
// counts against the agent who sent it (the `agent` tag every client e-mail carries, or our record of
// the message): past the sending review's rules their client sends pause (recordSendingEvent). A complaint that
// pauses no one (a pause needs several people's) is told to an administrator: a warning naming the agent and the
// SpamComplaints metric, which the complaints alarm watches (infra/constructs/monitoring.ts).
import { countInsights } from '../data/insights';
import { changeMessageStatus, findSesMessage } from '../data/messages';
import { suppressEmail, type SuppressionReason } from '../data/opt-out-marks';
import { getUserById } from '../data/users';
import { MIN_COMPLAINANTS } from '../domain/send-trust';
import { observeJob } from '../observability/job';
import { createLogger } from '../observability/logger';
import { countMetric } from '../observability/metrics';
import { recordSendingEvent } from '../services/send-limits';

type Recipient = { emailAddress?: string };
/** The EventBridge event SES sends (`source: aws.ses`, detail-type `Email Bounced` / `Email Complaint Received`). */
export type SesEvent = {
  'detail-type'?: string;
  detail?: {
    eventType?: string;
    mail?: { messageId?: string; tags?: Record<string, string[] | undefined> };
    bounce?: { bounceType?: string; bouncedRecipients?: Recipient[] };
    complaint?: { complainedRecipients?: Recipient[] };
  };
};

export type SesEventResult = {
  outcome: 'suppressed' | 'ignored';
  addresses: number;
  message: 'marked' | 'unknown' | 'unchanged' | 'none';
  /** The agent's sending paused by this event, and why. */
  paused?: 'bounces' | 'complaints';
};

export const handler = observeJob('ses-events', (event: SesEvent) => applySesEvent(event));

async function applySesEvent(event: SesEvent): Promise<SesEventResult> {
  const log = createLogger({ job: 'ses-events' });
  const detail = event?.detail ?? {};
  let reason: SuppressionReason | undefined;
  let recipients: Recipient[] = [];
  if (detail.eventType === 'Bounce' && detail.bounce?.bounceType === 'Permanent') {
    reason = 'bounce';
    recipients = detail.bounce.bouncedRecipients ?? [];
  } else if (detail.eventType === 'Complaint') {
    reason = 'complaint';
    recipients = detail.complaint?.complainedRecipients ?? [];
  }
  if (!reason) {
    log.info('ses event ignored', { eventType: detail.eventType, bounceType: detail.bounce?.bounceType });
    return { outcome: 'ignored', addresses: 0, message: 'none' };
  }
  const addresses = [
    ...new Set(
      recipients.map((r) => r.emailAddress?.trim().toLowerCase()).filter((a): a is string => !!a && a.length <= 254),
    ),
  ];
  for (const address of addresses) await suppressEmail(address, reason);
  let message: SesEventResult['message'] = 'none';
  const sesMessageId = detail.mail?.messageId;
  const taggedAgent = detail.mail?.tags?.agent?.[0];
  let agentId = typeof taggedAgent === 'string' && taggedAgent ? taggedAgent : undefined;
  if (sesMessageId) {
    const ref = await findSesMessage(sesMessageId);
    agentId ??= ref?.agentId;
    if (!ref) message = 'unknown';
    else {
      const status = reason === 'bounce' ? 'bounced' : 'complained';
      const problem =
        reason === 'bounce' ? 'the address does not accept mail (bounced)' : 'the client marked the e-mail as spam';
      const changed = await changeMessageStatus(ref.clientId, ref.messageId, {
        from: 'sent',
        to: status,
        set: { problem },
      });
      message = changed ? 'marked' : 'unchanged';
      if (changed) await countInsights(ref.agentId, { bounces: 1 });
    }
  }
  const agent = agentId ? await getUserById(agentId) : undefined;
  const review = agent ? await recordSendingEvent(agent, { reason, sesMessageId, addresses }) : null;
  const paused = review?.paused ?? null;
  if (paused) log.warn('agent sending paused', { agentId, reason: paused });
  // A replayed event (review null for a known agent) was told the first time.
  if (reason === 'complaint' && (review || !agent)) {
    countMetric('SpamComplaints');
    if (!paused)
      log.warn('spam complaint held for review', {
        agentId,
        complainants: review?.record.complainants ?? 0,
        pausesAt: MIN_COMPLAINANTS,
        alreadyPaused: Boolean(agent?.sendingPause),
      });
  }
  log.info('ses event applied', { reason, addresses: addresses.length, message });
  return { outcome: 'suppressed', addresses: addresses.length, message, ...(paused ? { paused } : {}) };
}
