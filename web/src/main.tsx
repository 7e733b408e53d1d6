import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startErrorReporting } from './app/error-reporting';
import './styles.css';

// Sentry only when the api gives the page a DSN (SENTRY_DSN); the rest of the page never waits for it.
void startErrorReporting().catch((error: unknown) => console.error('Falha ao iniciar o envio de erros:', error));

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
