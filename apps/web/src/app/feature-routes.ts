import type { Area } from '@crm/contracts';
import { type ComponentType, lazy, type ReactNode } from 'react';

/**
 * A page a feature adds to the shell. Each feature lists its pages in
 * `features/<domain>/routes.tsx` (`export const featureRoutes`); the router finds
 * them, guards each with its area, and a menu path without one shows "coming soon".
 */
export interface FeatureRoute {
  path: string;
  /** The spec §6 area that guards the page. */
  area: Area;
  element: ReactNode;
}

/** Every page is its own chunk, so the log-in page loads no shell, menu or table code. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
