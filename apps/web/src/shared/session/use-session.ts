import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session-store';

export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession);
