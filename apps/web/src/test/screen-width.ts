import { vi } from 'vitest';

/** antd reads the screen width through matchMedia: a desktop matches every min-width query, a phone none. */
export function onScreen(width: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width === 'desktop' ? query.includes('min-width') : query.includes('max-width: 575'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
