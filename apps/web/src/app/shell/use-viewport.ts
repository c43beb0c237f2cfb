import { BREAKPOINTS } from '@crm/contracts';
import { useSyncExternalStore } from 'react';

/** Spec §9 breakpoints: phone below 768, tablet up to 1440, desktop from 1440. */
export type Viewport = 'mobile' | 'tablet' | 'desktop';

const queries = [BREAKPOINTS.desktop, BREAKPOINTS.tablet].map((width) => window.matchMedia(`(min-width: ${width}px)`));

function subscribe(onChange: () => void): () => void {
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function viewport(): Viewport {
  if (queries[0].matches) return 'desktop';
  return queries[1].matches ? 'tablet' : 'mobile';
}

export const useViewport = (): Viewport => useSyncExternalStore(subscribe, viewport);
