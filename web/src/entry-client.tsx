import './styles/index.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import type { InitialState } from './app/state';
import { STATE_ELEMENT_ID } from './app/state-element';
import { i18nWith } from './i18n/core';
import { loadTexts } from './i18n/load';

// The server embedded the state it rendered with; hydrating with the same state and language
// reproduces its markup exactly.
const embedded = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null';
// It was checked where it was made: the renderer parses every page request with the state's
// schema (server.ts pageRequestSchema) before it renders and embeds it, so no schema library
// needs to come to the browser for it.
const state = JSON.parse(embedded) as InitialState;
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page's language file is a chunk of its own (the server preloads it), so the other language's
// texts are never downloaded.
// One data cache for the page's life (api/query.ts).
const queryClient = createQueryClient();
void loadTexts(state.language).then((texts) =>
  hydrateRoot(
    root,
    <StrictMode>
      <AppProviders
        state={state}
        i18n={i18nWith(texts, state.language, state.translations)}
        queryClient={queryClient}
      >
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
