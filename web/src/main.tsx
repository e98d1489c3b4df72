import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { App } from './app/app';
import { getUser, USER_KEY } from './lib/auth';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every page first asks who is signed in: start that request now, while the page's chunk loads,
// rather than after it (useUser picks up this request through SWR).
void preload(USER_KEY, getUser);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
