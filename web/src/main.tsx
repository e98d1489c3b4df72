import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preload } from 'swr';
import { App } from './app/app';
import { startFirstReads } from './app/first-reads';
import { rendersPrerenderedMarkup } from './app/prerendered';
import { getUser, sendPendingLogoutWhenOnline, USER_KEY } from './lib/auth';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every page first asks who is signed in: start that request now, while the page's chunk loads,
// rather than after it (useUser picks up this request through SWR). The HTML preloads it, so this
// takes the answer of a request already under way. Once it says who is signed in, the page's first reads start too.
void preload(USER_KEY, getUser).then(
  (user) => startFirstReads(user, window.location.pathname),
  () => undefined,
);

// A logout taken offline is sent when the network returns (getUser above sends it first at a start).
sendPendingLogoutWhenOnline();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build prerendered this HTML (a public page, or the signed-in frame): React takes over that
// markup where it is what this URL renders first, and renders from scratch otherwise (a page that
// index.html answers for, such as /verify-email).
if (rendersPrerenderedMarkup(container.dataset.prerendered, window.location.pathname)) hydrateRoot(container, app);
else createRoot(container).render(app);
