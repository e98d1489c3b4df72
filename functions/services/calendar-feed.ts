// The calendar feed: the iCalendar file its URL answers, the URL, and the sealing of its secret that lets Settings show
// it again.
//
// Why sealed rather than only hashed: agents subscribe on more than one device and come back for
// the URL; showing it only once would force a rotation (breaking the first subscription) each time.
// The secret is encrypted with a key derived from the server secret (Secrets Manager in AWS), so a
// copy of the table alone reveals no feed, and lookups still go by the SHA-256 of the secret. If
// the server secret is ever replaced, old feeds keep working but their URL cannot be shown: Settings
// then offers a rotation.
import type { CalendarFeedStatus } from '@shared/api-types';
import { config, sessionSecret } from '../config';
import { findCalendarFeedOwner } from '../data/calendar-feeds';
import { listClients } from '../data/clients';
import type { UserItem } from '../data/users';
import { calendarFeed } from '../domain/calendar-feed';
import type { InvalidLink } from '../domain/refusals';
import { purposeKey, seal, unseal } from '../domain/sealed-values';

const PURPOSE = 'calendar-feed-url';

export const calendarFeedUrl = (secret: string): string => `${config().appUrl}/api/calendar/${secret}.ics`;

/** The secret of a requested file name, or null unless it is `<43 base64url characters>.ics`. */
function secretFromFileName(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  return match ? match[1]! : null;
}

/** The agent's client key dates as iCalendar text, for the feed's file name (`<secret>.ics`); an old one is refused. */
export async function calendarFeedFile(fileName: string, now = new Date()): Promise<string | InvalidLink> {
  const secret = secretFromFileName(fileName);
  if (!secret) return { kind: 'invalid-link' };
  const agent = await findCalendarFeedOwner(secret);
  if (!agent) return { kind: 'invalid-link' };
  const clients = await listClients(agent.id);
  return calendarFeed({ clients, calendarName: 'Client key dates', appUrl: config().appUrl, generatedAt: now });
}

export async function calendarFeedSealer(): Promise<(secret: string) => string> {
  const key = purposeKey(await sessionSecret(), PURPOSE);
  return (secret) => seal(key, secret);
}

export async function calendarFeedStatus(user: UserItem): Promise<CalendarFeedStatus> {
  if (!user.calendarSecretHash) return { exists: false, url: null, createdAt: null };
  const secret = user.calendarFeedSealed
    ? unseal(purposeKey(await sessionSecret(), PURPOSE), user.calendarFeedSealed)
    : null;
  return { exists: true, url: secret ? calendarFeedUrl(secret) : null, createdAt: user.calendarFeedCreatedAt ?? null };
}
