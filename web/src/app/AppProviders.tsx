import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LiveProvider } from '../live/live';
import { SessionContext } from './session';
import type { InitialState } from './state';

/** Everything a screen needs besides the router, which each entry point supplies. */
export function AppProviders({
  state,
  i18n,
  children,
}: {
  state: InitialState;
  i18n: i18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionContext value={state}>
        <LiveProvider>{children}</LiveProvider>
      </SessionContext>
    </I18nextProvider>
  );
}
