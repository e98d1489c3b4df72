// The web app manifest (/manifest.webmanifest): what a phone needs to install Hearthside on its home
// screen. The web build writes it from this object (scripts/build.mjs, through web/src/prerender.tsx),
// so its colours are the theme's and its shortcuts the route registry's.
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { brand } from '@/theme/create-theme';

export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** The PNG icons web/public/icons holds (drawn from favicon.svg by scripts/make-icons.mjs). */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const webManifest = {
  id: '/',
  name: `${APP_NAME}: client relationships for real-estate agents`,
  short_name: APP_NAME,
  description: 'Key dates, reminders and reviews for every client, in your pocket.',
  start_url: paths.today.getHref(),
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: brand.teal,
  background_color: brand.canvas,
  icons: APP_ICONS,
  shortcuts: [
    { name: 'Today', url: paths.today.getHref(), icons: [APP_ICONS[0]] },
    { name: 'Clients', url: paths.clients.getHref(), icons: [APP_ICONS[0]] },
    { name: 'Inbox', url: paths.inbox.getHref(), icons: [APP_ICONS[0]] },
  ],
} as const;
