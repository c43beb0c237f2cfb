import { createContext, useContext } from 'react';
import type { CallSnapshot } from './call-machine';

/** The signed-in user's telephone, as the shell's PhoneProvider offers it to every page. */
export interface Phone {
  snapshot: CallSnapshot;
  /** The company's country: the phone masks and digit counts (spec §5). */
  country: string;
  /** Calls a number (a national phone gets the calling code). */
  dial(phone: string): void;
  answer(): void;
  hold(): void;
  hangup(): void;
  /** Passes the current call to another extension (POST /call/transfer; a failure is only logged). */
  transfer(extension: string): void;
  /** Opens the call modal, with a number typed in already or not. */
  openDialer(phone?: string): void;
}

export const PhoneContext = createContext<Phone | null>(null);

/** The user's line, or null where he has none (not mapped to an extension, spec §6) or it is not connected yet. */
export const usePhone = (): Phone | null => useContext(PhoneContext);
