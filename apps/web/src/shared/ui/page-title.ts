import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The name of the record a page shows ("Morning English" for /groups/61), so the
 * breadcrumb's last crumb reads as a name instead of the id in the path.
 */
let current: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Names the current page while it is shown. */
export function usePageTitle(title: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    current = { path: pathname, title };
    emit();
    return () => {
      if (current?.path === pathname) current = null;
      emit();
    };
  }, [pathname, title]);
}

/** The name a page gave the path, if it gave one. */
export function usePageTitleOf(path: string): string | undefined {
  const page = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return page?.path === path ? page.title : undefined;
}
