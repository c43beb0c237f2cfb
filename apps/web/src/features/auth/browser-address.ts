/**
 * The browser's own address, read and changed in one place: the visitor's pages depend on the host
 * (which company, which base domain), and tests stand in for it here, since jsdom can neither change its
 * host nor leave the page.
 */
export interface BrowserHost {
  protocol: string;
  hostname: string;
  port: string;
}

export const browserHost = (): BrowserHost => {
  const { protocol, hostname, port } = window.location;
  return { protocol, hostname, port };
};

/** Leaves the app for another address (another host: the router cannot go there). */
export const openAddress = (url: string): void => window.location.assign(url);
