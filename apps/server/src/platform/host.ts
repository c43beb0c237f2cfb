/**
 * The company subdomain of a request's host: `demo.localhost:3000` with base
 * domain `localhost` gives `demo`. The bare base domain, an IP address or a host
 * outside the base domain gives null (API clients then name the company by token).
 */
export function subdomainOf(host: string | undefined, baseDomain: string): string | null {
  if (!host) return null;
  const name = stripPort(host.toLowerCase());
  const base = stripPort(baseDomain);
  if (!name.endsWith(`.${base}`)) return null;
  const sub = name.slice(0, -(base.length + 1));
  return /^[a-z0-9][a-z0-9-]*$/.test(sub) ? sub : null;
}

const stripPort = (host: string) => host.replace(/:\d+$/, '');
