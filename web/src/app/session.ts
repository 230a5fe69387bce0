import { createContext, useContext } from 'react';
import type { InitialState } from './state';

/** The signed-in user (or null) and the interface language, fixed for the page's lifetime. */
export const SessionContext = createContext<InitialState>({ user: null, language: 'en' });

export const useSession = (): InitialState => useContext(SessionContext);
