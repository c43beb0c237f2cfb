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

/** A page of its own chunk that can be asked for before it is drawn. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * Every page is its own chunk, so the log-in page loads no shell, menu or table code. `preload` starts
 * the same load that drawing it would (once), so the router can fetch the first page's code beside the
 * shell's instead of after it.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then((module) => ({ default: module[name] }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** The preload of an element whose type is a lazy page (else nothing to do). */
export const preloadElement = (element: ReactNode): void => {
  const type = (element as { type?: Partial<LazyPage> } | null)?.type;
  void type?.preload?.();
};
