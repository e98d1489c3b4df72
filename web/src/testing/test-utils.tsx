// Renders whole routes the way the app runs them: every provider, the real route table, a memory
// router, a fresh SWR cache and a mocked API.
import createCache, { type StylisElement } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen, within } from '@testing-library/react';
import userEvent, {
  PointerEventsCheckLevel,
  type Options as UserEventOptions,
  type UserEvent,
} from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { User } from '@shared/api-types';
import { AppProvider } from '../app/provider';
import { createAppRoutes } from '../app/router';
import { createTheme } from '../theme/create-theme';
import { integrationsOff } from './data-generators';
import { jsonResponse, mockApi, unauthorized, type MockRoutes } from './mock-api';

type RenderAppOptions = {
  /** The signed-in user; null (the default) means GET /api/user answers 401. */
  user?: User | null;
  /** More API routes, or overrides ("GET /api/user", "GET /api/outgoing" and "GET /api/conversations" included). */
  api?: MockRoutes;
};

// The app's theme without transitions or ripples: a dialog closes at once instead of after a
// timeout that every waitFor would poll through (the look is the same, motion is not asserted).
const testTheme = createTheme({ motion: false });

/**
 * The app's CSS as far as a test can observe it: only the declarations jsdom's users read, and no `:has()` rule.
 *
 * jsdom computes an element's style (a role query asks whether it is hidden, user-event whether it takes pointer
 * events) by matching every rule of the document against the element, and again against each ancestor for the
 * inherited `visibility`; a click checks every ancestor of its target. The cost grows with the number of rules, and
 * most of MUI's rules only paint (colours, spacing, fonts, shadows), which jsdom never lays out and no test reads: a
 * rule left with none of the declarations below is not inserted at all. A test that asserts another property with
 * toHaveStyle adds it here.
 *
 * The `:has()` selectors (MUI's NativeSelect beside an adornment, CssBaseline's colour scheme) go whatever their rules
 * declare: jsdom's selector engine (nwsapi) parses a `:has()` argument again at every match with a costly regular
 * expression. No such rule hides an element or stops a pointer.
 */
const OBSERVED_PROPERTIES = new Set([
  // Hidden or shown: role queries (dom-testing-library's isInaccessible) and jest-dom's toBeVisible.
  'display',
  'visibility',
  'opacity',
  // Whether a click reaches the element: user-event's pointer-events check.
  'pointer-events',
  // The blurred sample behind the Insights upsell (insights.test.tsx).
  'filter',
]);
function onlyObservedStyles(element: StylisElement): void {
  if (element.type !== 'rule' || !Array.isArray(element.props)) return;
  element.props = element.props.filter((selector) => !selector.includes(':has('));
  if (Array.isArray(element.children))
    element.children = element.children.filter(
      (child) => child.type !== 'decl' || OBSERVED_PROPERTIES.has(String(child.props)),
    );
}
const testStyles = createCache({ key: 'css', stylisPlugins: [onlyObservedStyles] });

export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={testStyles}>
      <AppProvider theme={testTheme}>
        <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
      </AppProvider>
    </CacheProvider>
  );
}

export function renderApp(url: string, { user = null, api = {} }: RenderAppOptions = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => (user ? jsonResponse(200, user) : unauthorized()),
    // The navigation's Today badge reads the queue on every signed-in page: empty unless a test says otherwise.
    'GET /api/outgoing': () => jsonResponse(200, { messages: [], awaiting: 0 }),
    // The Inbox badge reads the first page of conversations on every signed-in page: none unread unless a test says.
    'GET /api/conversations': () => jsonResponse(200, { conversations: [], nextCursor: null, unreadTotal: 0 }),
    // The clients page looks for a big import still running: none unless a test says otherwise.
    'GET /api/imports/latest': () => jsonResponse(404, { message: 'You have no imports yet.', code: 'NOT_FOUND' }),
    // The shell's Google banner reads how the Google syncs stand on every signed-in page: all off unless a test says.
    'GET /api/integrations': () => jsonResponse(200, integrationsOff()),
    // Settings lists the agent's devices with notifications on: none unless a test says otherwise.
    'GET /api/push/subscriptions': () => jsonResponse(200, { subscriptions: [] }),
    ...api,
  });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, fetchMock, user: userEvent.setup() };
}

export function renderWithProviders(ui: ReactElement) {
  return { ...render(<TestProviders>{ui}</TestProviders>), user: userEvent.setup() };
}

/**
 * Asserts that a page opened from a mailed link moved its token from the query to the URL's hash (out of history and
 * Referer), replacing the history entry rather than adding one.
 */
export function expectTokenInHash(
  { state }: ReturnType<typeof renderApp>['router'],
  pathname: string,
  token: string,
): void {
  expect(state.historyAction).toBe('REPLACE');
  expect(state.location).toMatchObject({ pathname, search: '', hash: `#token=${token}` });
}

/**
 * A user for the busier pages and dialogs: without the pointer-events check, which reads the computed style of every
 * ancestor on each click.
 */
export function quickUser(options: Omit<UserEventOptions, 'pointerEventsCheck'> = {}): UserEvent {
  return userEvent.setup({ ...options, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/**
 * Waits until the page's h1 reads `name`, then asserts its role once: findByRole polled over a
 * whole page computes styles for every element on every poll, which is slow in jsdom.
 */
export async function findPageHeading(name: string | RegExp, { timeout = 5000 } = {}): Promise<HTMLElement> {
  const heading = await screen.findByText(name, { selector: 'h1' }, { timeout });
  expect(heading).toHaveRole('heading');
  return heading;
}

/** The region (a section) its h2 heading names: found through the heading, its role and name asserted. */
export function regionByHeading(name: string): HTMLElement {
  const region = screen.getByText(name, { selector: 'h2' }).closest('section');
  expect(region).toHaveRole('region');
  expect(region).toHaveAccessibleName(name);
  return region!;
}

/** Asserts that `element` (a dialog, a region) is named by the element its aria-labelledby points to: `title`. */
export function expectLabelledBy(element: HTMLElement, title: string): void {
  expect(element).toHaveAccessibleName(title);
  expect(document.getElementById(element.getAttribute('aria-labelledby') ?? '')).toHaveTextContent(title);
}

/** The notification region (F8 focuses it): found by its label, a role query over the whole page is slow in jsdom. */
export function toastRegion(): HTMLElement {
  const region = screen.getByLabelText('Notifications (F8)');
  expect(region).toHaveRole('region');
  return region;
}

/** Asserts what a toast says: its title and, when given, its description. */
export function expectToastSays(toast: HTMLElement, title: string, description?: string): void {
  expect(within(toast).getByText(title)).toBeInTheDocument();
  if (description !== undefined) expect(within(toast).getByText(description)).toBeInTheDocument();
}

/** The toasts currently shown (each the element with role status, or alert when destructive). */
export function visibleToasts(): HTMLElement[] {
  return Array.from(toastRegion().querySelectorAll<HTMLElement>('[data-toast]'));
}

export * from '@testing-library/react';

/**
 * Enters `text` into a form field as a paste does: a click, then one input event with the whole value. A form
 * validates and renders again on every change, so `user.type` (one change per character) spent most of a form test's
 * time re-rendering it; what the form does with the value is the same. Tests about keystrokes themselves (a search
 * box's debounce, key handling) still type.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
