// Jest setup for the web project: jest-dom matchers and the browser APIs jsdom lacks.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import * as React from 'react';
import { TextDecoder, TextEncoder } from 'node:util';
import { runInThisContext } from 'node:vm';

// jsdom has no fetch API. Borrow Node's own Response/Request/Headers (from the outer realm) so tests
// answer fetch with real Response objects; fetch itself is mocked per test.
const nodeFetchApi = runInThisContext('({ Response, Request, Headers })') as {
  Response: typeof Response;
  Request: typeof Request;
  Headers: typeof Headers;
};
Object.assign(globalThis, nodeFetchApi);
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no PointerEvent (the toast swipe listens to pointer events).
if (typeof globalThis.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(globalThis, { PointerEvent: PointerEventPolyfill });
}

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    throw new Error(`Unexpected fetch in a test that did not mock it: ${String(input)}`);
  });
});

// jsdom does not implement scrolling; the router restores scroll positions between pages, and a link may bring a
// section into view (Settings' Google card).
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => undefined;

// React's development build records where each element was created, an Error with its stack (the "owner stack" its
// warnings print), for the first 10,000 elements of each second: that capture was a tenth of a rendering test's CPU.
// Past that count React records none and renders the same; its warnings still come, with a shorter component stack.
// Nothing here reads those stacks (no test asserts a warning's stack). React must have the counter, or this fails.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (typeof reactInternals?.recentlyCreatedOwnerStacks !== 'number')
  throw new Error('setup-tests.ts: React no longer counts the owner stacks it records; see the block that says why');
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined });

// findBy*/waitFor wait up to 5 s: the suite shares two cores with the server tests in CI, and a
// dialog's exit transition can take longer than the 1 s default there. Nothing here asserts time.
configure({ asyncUtilTimeout: 5000 });
