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
