const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The company's subdomain is the first label of the host when the host has one
 * (demo.localhost → demo, demo.crm.example → demo); bare localhost, a two-label
 * domain or an IP address name no company.
 */
export function companySubdomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || IPV4.test(host) || host.includes(':') || host.startsWith('[')) return null;
  const labels = host.split('.');
  const needed = labels.at(-1) === 'localhost' ? 2 : 3;
  return labels.length >= needed && labels[0] ? labels[0] : null;
}

/**
 * The base domain new centres live under, from the host the sign-up page is on: a centre's host loses its
 * first label (`x.localhost` → `localhost`, `x.crm.example.com` → `crm.example.com`); a bare host is the
 * base itself. Whether a three-label host such as `crm.example.com` is bare or a centre's cannot be told
 * from its name, so the caller says whether a company answered for its first label.
 */
export function baseDomainOf(hostname: string, hostIsCompany: boolean): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const subdomain = companySubdomain(host);
  return subdomain !== null && hostIsCompany ? host.slice(subdomain.length + 1) : host;
}

/** The new centre's page that takes the sign-up's handoff, on the same protocol and port as this one. */
export function handoffAddress(
  { protocol, port }: { protocol: string; port: string },
  centreHost: string,
  handoff: string,
): string {
  return `${protocol}//${centreHost}${port ? `:${port}` : ''}/auth/handoff#h=${encodeURIComponent(handoff)}`;
}
