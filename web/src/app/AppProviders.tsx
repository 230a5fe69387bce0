import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../api/query';
import { ConfirmProvider } from '../components/Confirm';
import { Notifications } from '../components/Notify';
import { LiveProvider } from '../live/live';
import { SessionContext } from './session';
import type { InitialState } from './state';

/**
 * Everything a screen needs besides the router, which each entry point supplies. `queryClient`
 * is the data layer's cache: the browser passes its one, the server one per request; without it
 * (tests) each mounted tree gets its own. The message area and the confirmation dialog are
 * mounted here, once.
 */
export function AppProviders({
  state,
  i18n,
  queryClient,
  children,
}: {
  state: InitialState;
  i18n: i18n;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [ownClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={ownClient}>
      <I18nextProvider i18n={i18n}>
        <SessionContext value={state}>
          <LiveProvider>
            <ConfirmProvider>
              {children}
              <Notifications />
            </ConfirmProvider>
          </LiveProvider>
        </SessionContext>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
