import { useCallback, useState } from 'react';

export type LeadsView = 'board' | 'list';

/** Spec §2: "Leads page view mode (board default, or list) remembered locally". */
export const VIEW_KEY = 'leads.view';

export const storedView = (): LeadsView => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'board');

export function useViewMode(): [LeadsView, (view: LeadsView) => void] {
  const [view, setView] = useState<LeadsView>(storedView);
  const choose = useCallback((next: LeadsView) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  }, []);
  return [view, choose];
}
