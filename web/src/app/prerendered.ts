// Whether the markup the build put into #root is what this URL renders first, so the client can
// hydrate it rather than render from scratch (web/src/main.tsx). #root's data-prerendered holds the
// URL the build rendered (scripts/build.mjs): `/` for index.html, the signed-in frame that every page
// of the signed-in shell shows while the user loads; a public page's own path for its HTML.
import { matchRoutes } from 'react-router-dom';
import { prerenderedPageOf } from '@shared/prerendered-pages';
import { paths } from '../config/paths';
import { createAppRoutes } from './router';

export function rendersPrerenderedMarkup(prerenderedAt: string | undefined, pathname: string): boolean {
  if (!prerenderedAt) return false;
  if (prerenderedAt === paths.home.path) {
    // Not a page with a frame of its own (Today): index.html there is an older build's answer.
    if (prerenderedPageOf(pathname)) return false;
    return matchRoutes(createAppRoutes(), pathname)?.some(({ route }) => route.path === paths.home.path) ?? false;
  }
  return prerenderedPageOf(pathname) === prerenderedAt;
}
