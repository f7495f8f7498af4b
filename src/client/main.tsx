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
