// First: zod must know it may not use eval before any schema is built (see the module).
import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from './app/layout/app-layout';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { whenIdleAfterLoad } from './lib/when-idle-after-load';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for all of it (a tap waits less; ADR 0009, "/chat's blocking time").
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <Providers>
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      </Providers>
    </StrictMode>,
  ),
);

// Not needed to paint, and the first chunk has no bytes to spare (100 KB budget): fetched once idle.
whenIdleAfterLoad(() => void import('./lib/register-service-worker').then((m) => m.registerServiceWorker()));
