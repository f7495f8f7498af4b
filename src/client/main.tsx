// First: zod must know it may not use eval before any schema is built (see the module).
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from './app/layout/app-layout';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { registerServiceWorker } from './lib/register-service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
