// Every server test file runs under the client record's one-writer rule (functions/testing/client-write-guard.ts).
import { resolve } from 'node:path';
import { installClientWriteGuard, takeViolations } from './client-write-guard';

installClientWriteGuard(resolve(__dirname, '..', '..'));

afterAll(() => {
  expect(takeViolations()).toEqual([]);
});
