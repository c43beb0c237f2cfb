import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { boardKey, fetchMoreLeads, useBoard } from '../leads-api';
import { BoardConnection, type LiveState } from '../live/board-connection';
import { TAB_CLIENT_ID } from '../live/client-id';
import { hasMore, type ListKey, listOf } from './board-lists';
import { LeadBoardStore } from './board-store';

/**
 * One branch's live board: the load, the store that keeps it current, the connection that feeds the
 * store, and the paging of its lists.
 */
export function useLiveBoard(branchId: number) {
  const queryClient = useQueryClient();
  const board = useBoard(branchId);
  const store = useMemo(
    () =>
      new LeadBoardStore(TAB_CLIENT_ID, () => {
        void queryClient.invalidateQueries({ queryKey: boardKey(branchId) });
      }),
    [branchId, queryClient],
  );
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [live, setLive] = useState<LiveState>('connecting');
  const connection = useRef<BoardConnection | null>(null);

  useEffect(() => {
    if (board.data?.branch_id === branchId) store.load(board.data);
  }, [board.data, branchId, store]);

  // The stream starts from the loaded board's time, so it waits for the first load.
  const loaded = state !== null;
  useEffect(() => {
    if (!loaded) return;
    const next = new BoardConnection({
      branchId,
      from: () => store.time,
      onUpdates: (answer) => store.receive(answer),
      onState: setLive,
    });
    connection.current = next;
    next.start();
    return () => {
      next.stop();
      connection.current = null;
    };
  }, [loaded, branchId, store]);

  const loading = useRef(new Set<ListKey>());
  const loadMore = useCallback(
    async (key: ListKey) => {
      const snapshot = store.getSnapshot();
      const list = snapshot && listOf(snapshot, key);
      if (!list || !hasMore(list) || loading.current.has(key)) return;
      const last = list.cards.at(-1);
      loading.current.add(key);
      try {
        const page = await fetchMoreLeads({
          branch_id: branchId,
          column: list.column,
          section_id: list.sectionId ?? undefined,
          after_position: last?.position,
          after_id: last?.id,
        });
        store.appendPage(key, page);
      } finally {
        loading.current.delete(key);
      }
    },
    [branchId, store],
  );

  /** After a change made outside the board's own calls (a new or edited lead): fetch its record now. */
  const refresh = useCallback(() => connection.current?.refresh(), []);

  return { board, store, state, live, loadMore, refresh };
}

export type LiveBoard = ReturnType<typeof useLiveBoard>;
