// Jest setup for the web project: jest-dom matchers and the browser APIs jsdom lacks.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
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

// jsdom does not implement scrolling; the router restores scroll positions between pages.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// findBy*/waitFor wait up to 5 s: the suite shares two cores with the server tests in CI, and a
// dialog's exit transition can take longer than the 1 s default there. Nothing here asserts time.
configure({ asyncUtilTimeout: 5000 });
