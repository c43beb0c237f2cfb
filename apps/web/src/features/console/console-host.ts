import { companySubdomain } from '../auth/company-subdomain';

/**
 * The console's host label, CONSOLE_SUBDOMAIN of the contracts (console-host.test.ts holds them equal). Not
 * imported from there: this file is in the first chunk every centre's page loads, and importing one constant
 * of console.ts brings all of its schemas along.
 */
export const CONSOLE_HOST_LABEL = 'admin';

/** admin.{BASE_DOMAIN} is the platform console's, not a centre's (the server answers the console there only). */
export const isConsoleHost = (hostname: string): boolean => companySubdomain(hostname) === CONSOLE_HOST_LABEL;
