// Renders one URL of the web app to HTML at build time, in Node: scripts/build.mjs bundles this file
// and writes dist/web/index.html (the signed-in frame, `/` before the user is known) and each page of
// shared/prerendered-pages.ts. The tree is the client's (web/src/main.tsx): the same providers and
// route table, a memory router at the URL instead of the browser's, so the client hydrates it as
// it is. Emotion's styles are collected rather than written inline (`compat`), and go into <head>
// as one tag that the client's cache adopts (`data-emotion="css <ids>"`): nothing is inserted twice.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createAppRoutes } from './app/router';

export { htmlFileFor, PRERENDERED_PAGES } from '@shared/prerendered-pages';
export { WEB_MANIFEST_PATH, webManifest } from './config/web-manifest';

export type RenderedPage = {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's <title> element (React hoists it out of the markup), if it rendered one. */
  title: string | undefined;
  /** The critical CSS: one <style> element holding every rule the markup uses. */
  styles: string;
};

const TITLE = /^<title>[^<]*<\/title>/;

export async function renderPage(url: string): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  const errors: unknown[] = [];
  // prerender (unlike renderToString) waits for the lazy route chunks, so the page itself is in the
  // markup rather than its Suspense fallback.
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length) throw new Error(`prerendering ${url} failed: ${String(errors[0])}`, { cause: errors[0] });
  let html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  const title = TITLE.exec(html)?.[0];
  if (title) html = html.slice(title.length);
  if (/<script|<title/i.test(html)) throw new Error(`prerendering ${url} left a script or a title in the markup`);

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  return { html, title, styles: `<style data-emotion="css ${ids.join(' ')}">${css}</style>` };
}
