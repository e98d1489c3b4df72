// The twin's EventBridge matcher against the rules of AWS's "Amazon EventBridge event patterns" and "Comparison
// operators", one row each: a pattern, an event, and whether EventBridge would deliver it.
import { matchesEventPattern, type EventPattern } from './event-pattern';

const complaint = {
  version: '0',
  id: 'b6d4f2ba-1c52-4f7e-9e4a-6d8a1d1d6c11',
  'detail-type': 'Email Complaint Received',
  source: 'aws.ses',
  account: '123456789012',
  time: '2026-03-02T10:00:00Z',
  region: 'us-east-1',
  resources: ['arn:aws:ses:us-east-1:123456789012:configuration-set/client-mail'],
  detail: {
    eventType: 'Complaint',
    mail: { messageId: 'm-1', destination: ['ann@example.com', 'bo@example.org'], tags: { agent: ['a-1'] } },
    complaint: { complainedRecipients: [{ emailAddress: 'ann@example.com' }], complaintFeedbackType: 'abuse' },
    size: 300,
    empty: null,
    note: 'file*name\\x',
  },
};

type Row = [rule: string, pattern: EventPattern, matches: boolean];

const rows: Row[] = [
  // Exact values, alternatives, nesting
  ['an exact string', { source: ['aws.ses'] }, true],
  ['another string', { source: ['aws.s3'] }, false],
  ['is case-sensitive', { source: ['AWS.SES'] }, false],
  ['one of several alternatives', { 'detail-type': ['Email Bounced', 'Email Complaint Received'] }, true],
  ["SES's eventType is not its detail-type", { 'detail-type': ['Email Bounced', 'Email Complained'] }, false],
  ['every field must match', { source: ['aws.ses'], 'detail-type': ['Email Bounced'] }, false],
  ['a nested field', { detail: { eventType: ['Complaint'] } }, true],
  ['a nested field deeper', { detail: { complaint: { complaintFeedbackType: ['abuse'] } } }, true],
  ['a nested object where the event has a string', { source: { name: ['aws.ses'] } }, false],
  ['an exact number', { detail: { size: [300] } }, true],
  ['a number is no string', { detail: { size: ['300'] } }, false],
  ['null matches null', { detail: { empty: [null] } }, true],
  ['null does not match a missing field', { detail: { missing: [null] } }, false],
  ['an empty string does not match null', { detail: { empty: [''] } }, false],
  // Arrays in the event
  ['any element of an array', { detail: { mail: { destination: ['bo@example.org'] } } }, true],
  ['no element of an array', { detail: { mail: { destination: ['cy@example.com'] } } }, false],
  [
    'a field of any object in an array',
    { detail: { complaint: { complainedRecipients: { emailAddress: ['ann@example.com'] } } } },
    true,
  ],
  ['an element of the resources', { resources: [{ suffix: '/client-mail' }] }, true],
  // prefix, suffix, equals-ignore-case, wildcard
  ['prefix', { 'detail-type': [{ prefix: 'Email ' }] }, true],
  ['prefix is case-sensitive', { 'detail-type': [{ prefix: 'email ' }] }, false],
  ['prefix ignoring case', { 'detail-type': [{ prefix: { 'equals-ignore-case': 'EMAIL ' } }] }, true],
  ['suffix', { detail: { mail: { destination: [{ suffix: '.org' }] } } }, true],
  ['suffix ignoring case', { detail: { mail: { destination: [{ suffix: { 'equals-ignore-case': '.ORG' } }] } } }, true],
  ['suffix of no element', { detail: { mail: { destination: [{ suffix: '.net' }] } } }, false],
  ['prefix never matches a number', { detail: { size: [{ prefix: '3' }] } }, false],
  ['equals-ignore-case', { source: [{ 'equals-ignore-case': 'AWS.SES' }] }, true],
  ['equals-ignore-case of another', { source: [{ 'equals-ignore-case': 'AWS.S3' }] }, false],
  ['wildcard', { 'detail-type': [{ wildcard: 'Email * Received' }] }, true],
  ['wildcard is anchored', { 'detail-type': [{ wildcard: 'Complaint*' }] }, false],
  ['wildcard with an escaped star and backslash', { detail: { note: [{ wildcard: 'file\\*name\\\\*' }] } }, true],
  ['an escaped star is no wildcard', { detail: { note: [{ wildcard: 'file\\*n' }] } }, false],
  // anything-but
  ['anything-but a value', { source: [{ 'anything-but': 'aws.s3' }] }, true],
  ['anything-but the value', { source: [{ 'anything-but': 'aws.ses' }] }, false],
  ['anything-but a list', { 'detail-type': [{ 'anything-but': ['Email Bounced', 'Email Sent'] }] }, true],
  ['anything-but a list holding it', { 'detail-type': [{ 'anything-but': ['Email Complaint Received'] }] }, false],
  ['anything-but a number', { detail: { size: [{ 'anything-but': [100, 200] }] } }, true],
  ['anything-but a prefix', { source: [{ 'anything-but': { prefix: 'aws.' } }] }, false],
  ['anything-but another prefix', { source: [{ 'anything-but': { prefix: 'custom.' } }] }, true],
  ['anything-but a suffix', { source: [{ 'anything-but': { suffix: '.ses' } }] }, false],
  ['anything-but ignoring case', { source: [{ 'anything-but': { 'equals-ignore-case': ['AWS.SES'] } }] }, false],
  ['anything-but a wildcard', { 'detail-type': [{ 'anything-but': { wildcard: 'Email *' } }] }, false],
  ['anything-but never matches a missing field', { detail: { missing: [{ 'anything-but': 'x' }] } }, false],
  // numeric
  ['numeric within a range', { detail: { size: [{ numeric: ['>', 0, '<=', 300] }] } }, true],
  ['numeric outside a range', { detail: { size: [{ numeric: ['>', 0, '<', 300] }] } }, false],
  ['numeric equals', { detail: { size: [{ numeric: ['=', 300] }] } }, true],
  ['numeric at least', { detail: { size: [{ numeric: ['>=', 301] }] } }, false],
  ['numeric never matches a string', { source: [{ numeric: ['>', 0] }] }, false],
  // exists
  ['exists: true of a present field', { detail: { eventType: [{ exists: true }] } }, true],
  ['exists: true of a missing field', { detail: { bounce: [{ exists: true }] } }, false],
  ['exists: false of a missing field', { detail: { bounce: [{ exists: false }] } }, true],
  ['exists: false of a present field', { detail: { eventType: [{ exists: false }] } }, false],
  ['exists: true of a null field', { detail: { empty: [{ exists: true }] } }, true],
  ['exists: true of an object (no leaf)', { detail: { mail: [{ exists: true }] } }, false],
  ['exists: false under a missing object', { detail: { bounce: { bounceType: [{ exists: false }] } } }, true],
  ['a value or a missing field', { detail: { bounce: [{ exists: false }, 'x'] } }, true],
  // $or
  ['$or: one alternative matches', { $or: [{ source: ['aws.s3'] }, { 'detail-type': [{ prefix: 'Email' }] }] }, true],
  ['$or: none matches', { $or: [{ source: ['aws.s3'] }, { detail: { eventType: ['Bounce'] } }] }, false],
  [
    '$or beside another field',
    { source: ['aws.ses'], $or: [{ detail: { size: [1] } }, { detail: { size: [300] } }] },
    true,
  ],
  ['$or nested in detail', { detail: { $or: [{ eventType: ['Bounce'] }, { eventType: ['Complaint'] }] } }, true],
];

describe('EventBridge event patterns (the twin matcher)', () => {
  it.each(rows)('%s', (_rule, pattern, matches) => {
    expect(matchesEventPattern(pattern, complaint)).toBe(matches);
  });

  it.each([
    ['a value outside an array', { source: 'aws.ses' }],
    ['an unknown operator', { source: [{ 'begins-with': 'aws' }] }],
    ['an operator EventBridge has but the twin does not', { source: [{ cidr: '10.0.0.0/8' }] }],
    ['two operators in one object', { source: [{ prefix: 'a', suffix: 'b' }] }],
    ['numeric with an odd list', { detail: { size: [{ numeric: ['>', 0, '<'] }] } }],
    ['numeric with an unknown comparison', { detail: { size: [{ numeric: ['!=', 0] }] } }],
    ['exists with a string', { source: [{ exists: 'yes' }] }],
    ['$or with an object', { $or: { source: ['aws.ses'] } }],
  ])('refuses a pattern EventBridge would refuse: %s', (_rule, pattern) => {
    expect(() => matchesEventPattern(pattern, complaint)).toThrow();
  });
});
