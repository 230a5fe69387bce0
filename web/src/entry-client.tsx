import './styles/index.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import * as z from 'zod/mini';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { initialStateSchema, STATE_ELEMENT_ID } from './app/state';
import { createI18n } from './i18n';

// The server embedded the state it rendered with; hydrating with the same state and language
// reproduces its markup exactly.
const embedded = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null';
const state = z.parse(initialStateSchema, JSON.parse(embedded));
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

hydrateRoot(
  root,
  <StrictMode>
    <AppProviders state={state} i18n={createI18n(state.language, state.translations)}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
