import { z } from 'zod';
import type { HttpSettings } from '../http-exchange.js';
import { EskizClient } from './eskiz-client.js';
import { EskizTokens } from './eskiz-tokens.js';
import { PlayMobileClient } from './playmobile-client.js';
import { SmsCredentialsRejectedError, type SmsProvider, type SmsProviderName } from './sms-provider.js';

/** What a company saves for its own operator (sms_accounts.own_credentials); the settings form can reuse these. */
export const eskizCredentialsSchema = z.object({
  email: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
});
export const playMobileCredentialsSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  originator: z.string().trim().min(1).max(20),
});

export interface SmsProviderOptions extends Omit<HttpSettings, 'baseUrl'> {
  /** Eskiz tokens by account; default: the process's own, so every client of an account shares its token. */
  eskizTokens?: EskizTokens;
}

/** One per process: a token lives 30 days, and asking Eskiz for one per send would be slow and needless. */
const processEskizTokens = new EskizTokens();

/**
 * The client of an operator, from the provider's name, the credentials as stored (checked here: a company
 * whose saved credentials lack a field gets SmsCredentialsRejectedError, the "fix your settings" answer) and
 * the server's address for that operator (ESKIZ_API_URL, PLAYMOBILE_API_URL; never the company's, which
 * would let a company point our server anywhere). Cheap to build: build one per job or request.
 */
export function createSmsProvider(
  name: SmsProviderName,
  credentials: unknown,
  baseUrl: string,
  options: SmsProviderOptions = {},
): SmsProvider {
  const { eskizTokens = processEskizTokens, ...http } = options;
  if (name === 'eskiz') {
    const parsed = eskizCredentialsSchema.safeParse(credentials);
    if (!parsed.success) throw new SmsCredentialsRejectedError('The Eskiz credentials are incomplete');
    return new EskizClient(parsed.data, { ...http, baseUrl }, eskizTokens);
  }
  const parsed = playMobileCredentialsSchema.safeParse(credentials);
  if (!parsed.success) throw new SmsCredentialsRejectedError('The Play Mobile credentials are incomplete');
  return new PlayMobileClient(parsed.data, { ...http, baseUrl });
}
