import type { CalendarSyncResult, ContactsSyncResult } from '@shared/api-types';
import { createIntegrationStatus, createIntegrations } from '@/testing/data-generators';
import {
  attentionText,
  calendarSyncText,
  conflictFieldName,
  conflictValue,
  contactsSyncText,
  importPreviewText,
  syncStatusText,
} from './sync-text';

const NOW = new Date('2026-05-04T15:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const status = createIntegrationStatus;

function contactsResult(overrides: Partial<ContactsSyncResult> = {}): ContactsSyncResult {
  return {
    itemsIn: 0,
    itemsOut: 0,
    created: 0,
    linked: 0,
    updated: 0,
    unlinked: 0,
    conflicts: 0,
    capped: 0,
    fullSync: false,
    ...overrides,
  };
}

function calendarResult(overrides: Partial<CalendarSyncResult> = {}): CalendarSyncResult {
  return { itemsIn: 0, itemsOut: 0, waitingOut: 0, meetings: 0, upcoming: 0, fullSync: false, ...overrides };
}

describe("a feature's sync status in words", () => {
  it('says nothing for a feature that is off', () => {
    expect(syncStatusText(status({ state: 'off' }), NOW)).toBeNull();
  });

  it('says how long ago the last sync was when it is ok', () => {
    expect(syncStatusText(status({ state: 'ok', lastSuccessAt: hoursAgo(2) }), NOW)).toBe('Synced 2 h ago');
    expect(syncStatusText(status({ state: 'ok', lastSuccessAt: hoursAgo(1 / 12) }), NOW)).toBe('Synced 5 min ago');
  });

  it('says it has not synced yet when it is on and no sync has succeeded', () => {
    expect(syncStatusText(status({ state: 'ok', lastSuccessAt: null }), NOW)).toBe('Not synced yet');
  });

  it('counts the conflicts to look at after what it says, one or several', () => {
    const synced = { state: 'ok', lastSuccessAt: hoursAgo(2) } as const;
    expect(syncStatusText(status({ ...synced, conflicts: 3 }), NOW)).toBe('Synced 2 h ago, 3 conflicts to look at');
    expect(syncStatusText(status({ ...synced, conflicts: 1 }), NOW)).toBe('Synced 2 h ago, 1 conflict to look at');
    expect(syncStatusText(status({ state: 'reauth_needed', conflicts: 2 }), NOW)).toBe(
      'Google needs you to connect again, 2 conflicts to look at',
    );
  });

  it('asks to connect again when Google refused the grant', () => {
    const refused = status({ state: 'reauth_needed', lastError: 'reconnect', lastSuccessAt: hoursAgo(30) });
    expect(syncStatusText(refused, NOW)).toBe('Google needs you to connect again');
  });

  it("says why the last sync failed, in words rather than the API's reason", () => {
    const failed = (lastError: string) => syncStatusText(status({ state: 'degraded', lastError }), NOW);
    expect(failed('unavailable')).toBe('Last sync failed: Google did not answer');
    expect(failed('timeout')).toBe('Last sync failed: Google did not answer in time');
    expect(failed('quota')).toBe("Last sync failed: Google's limit was reached; it tries again within the hour");
    expect(failed('forbidden')).toBe('Last sync failed: Google refused access');
    expect(failed('something-new')).toBe('Last sync failed: Google refused the request');
  });

  it('says a day went by without a sync, and when the last one was if there was one', () => {
    expect(syncStatusText(status({ state: 'degraded', lastSuccessAt: hoursAgo(50) }), NOW)).toBe(
      'No sync for a day (last synced 2 days ago)',
    );
    expect(syncStatusText(status({ state: 'degraded', lastSuccessAt: null }), NOW)).toBe('No sync for a day');
  });
});

describe("a Google contacts import's preview in words", () => {
  it('counts the new clients, the contacts linked to clients already there, and those that cannot be imported', () => {
    expect(importPreviewText({ new: 12, matched: 3, errors: 1, firstErrors: [] })).toBe(
      '12 new clients, 3 already your clients (linked), 1 cannot be imported',
    );
  });

  it('leaves out what counts none, and says so when there is nothing at all', () => {
    expect(importPreviewText({ new: 1, matched: 0, errors: 0, firstErrors: [] })).toBe('1 new client');
    expect(importPreviewText({ new: 0, matched: 1_200, errors: 0, firstErrors: [] })).toBe(
      '1,200 already your clients (linked)',
    );
    expect(importPreviewText({ new: 0, matched: 0, errors: 0, firstErrors: [] })).toBe(
      'Your Google contacts are empty: there is nothing to import',
    );
  });
});

describe('what a "Sync now" did, in words', () => {
  it("lists each kind of change the contacts' sync made", () => {
    const result = contactsResult({ created: 2, updated: 1, linked: 1, unlinked: 1, itemsOut: 3, conflicts: 1 });
    expect(contactsSyncText(result)).toBe(
      '2 new clients, 1 client updated from Google, 1 client linked to a contact, ' +
        '1 client unlinked (the contact was deleted in Google), 3 contacts updated in Google, 1 conflict to look at.',
    );
    expect(contactsSyncText(contactsResult({ capped: 4 }))).toBe("4 contacts left out at the free plan's limit.");
  });

  it('says nothing changed when the sync changed nothing, though it read contacts', () => {
    expect(contactsSyncText(contactsResult({ itemsIn: 5 }))).toBe('Nothing changed.');
    expect(calendarSyncText(calendarResult({ itemsIn: 5 }))).toBe('Nothing changed.');
  });

  it("lists what the calendar's sync wrote and the meetings it found", () => {
    expect(calendarSyncText(calendarResult({ itemsOut: 4, meetings: 1, upcoming: 2 }))).toBe(
      '4 events written to your Hearthside calendar, 1 meeting with a client found, 2 upcoming meetings noted.',
    );
  });

  it("says how many of the calendar's writes wait for the next sync (a big book's first sync takes a few)", () => {
    expect(calendarSyncText(calendarResult({ itemsOut: 500, waitingOut: 1_240 }))).toBe(
      '500 events written to your Hearthside calendar, 1,240 more at the next sync.',
    );
  });
});

describe('a contact conflict in words', () => {
  it('calls the fields as the app does elsewhere', () => {
    expect(conflictFieldName('email')).toBe('e-mail');
    expect(conflictFieldName('phone')).toBe('phone');
  });

  it('says "none" for a value one side took out', () => {
    expect(conflictValue('')).toBe('none');
    expect(conflictValue('(512) 555-0199')).toBe('(512) 555-0199');
  });
});

describe("the shell banner's words", () => {
  it('says nothing for an agent without Google features, or whose syncs are all well', () => {
    expect(attentionText(createIntegrations())).toBeNull();
    expect(
      attentionText(createIntegrations({ contacts: status({ state: 'ok' }), calendar: status({ state: 'ok' }) })),
    ).toBeNull();
  });

  it('names the feature Google asks to connect again, or whose sync stopped working', () => {
    expect(attentionText(createIntegrations({ contacts: status({ state: 'reauth_needed' }) }))).toBe(
      'Google needs you: Contacts stopped syncing.',
    );
    expect(attentionText(createIntegrations({ calendar: status({ state: 'degraded', lastError: 'quota' }) }))).toBe(
      'Google needs you: Calendar stopped syncing.',
    );
  });

  it('names every feature that needs the agent', () => {
    const integrations = createIntegrations({
      reviews: status({ state: 'degraded' }),
      contacts: status({ state: 'reauth_needed' }),
      calendar: status({ state: 'degraded' }),
    });
    expect(attentionText(integrations)).toBe('Google needs you: Reviews, Contacts and Calendar stopped syncing.');
  });
});
