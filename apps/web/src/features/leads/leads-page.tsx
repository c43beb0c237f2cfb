import type { Lead } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { useBoardActions } from './board/board-actions';
import type { BoardState } from './board/board-lists';
import { type CardActions, moveOptions } from './board/card-actions';
import { FilteredBoard } from './board/filtered-board';
import { LiveBoardPanel } from './board/live-board-panel';
import { useLiveBoard } from './board/use-live-board';
import { ColumnSettingsModal } from './board-settings-dialogs';
import { ArchiveLeadModal, MakeStudentModal, MoveBranchModal } from './card-dialogs';
import { LeadDrawer } from './lead-drawer';
import type { ColumnTitles } from './lead-form-fields';
import { hasFilters, LeadSearchBar } from './lead-search-bar';
import { LeadSourcesModal } from './lead-sources-modal';
import { LeadTable } from './lead-table';
import { type LeadFilters, leadListsKey } from './leads-api';
import { LeadsToolbar, type ToolbarDialog } from './leads-toolbar';
import { NewLeadModal } from './new-lead-modal';
import { useViewMode } from './view-mode';

type CardDialog = { kind: 'open' | 'archive' | 'branch' | 'student'; lead: Lead };
type PageDialog = CardDialog | { kind: ToolbarDialog };

/** Below this the board would be too short to work in: the page scrolls instead. */
const MIN_BOARD_PAGE = 420;

/**
 * The board page fills the window below the shell's header and breadcrumbs, with no page scroll bar:
 * the page takes the height left, the toolbar and the search take theirs however they wrap, and the
 * columns the rest (flex). How far down the page starts is measured, not assumed.
 */
function useWindowFill(enabled: boolean) {
  const [page, setPage] = useState<HTMLElement | null>(null);
  const [outside, setOutside] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!enabled || !page) return;
    const measure = () => {
      const frame = page.parentElement;
      const below = frame ? Number.parseFloat(getComputedStyle(frame).paddingBottom) || 0 : 0;
      setOutside(Math.round(page.getBoundingClientRect().top + window.scrollY + below));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [enabled, page]);
  const style: CSSProperties | undefined =
    enabled && outside !== null ? { height: `max(${MIN_BOARD_PAGE}px, calc(100dvh - ${outside}px))` } : undefined;
  return { ref: setPage, style };
}

/** The branch's own column titles (empty: the standard name). */
const columnTitlesOf = (state: BoardState | null): ColumnTitles =>
  Object.fromEntries((state?.columns ?? []).map((column) => [column.column, column.title]));

/** Spec §2 leads: the branch's board (default) or list, its search, and everything a card offers. */
export function LeadsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, company, branch } = useSession();
  const branchId = branch ?? 0;
  const country = company?.datas.country ?? 'uz';
  const [view, setView] = useViewMode();
  const [filters, setFilters] = useState<LeadFilters>({});
  const [dialog, setDialog] = useState<PageDialog | null>(null);
  const live = useLiveBoard(branchId);
  const boardActions = useBoardActions(live, branchId);
  const filtering = hasFilters(filters);
  const several = (user?.branches.length ?? 0) > 1;
  const fill = useWindowFill(view === 'board');
  // The call widget's "create a lead" opens the new-lead form with the caller's number (`?new_lead={phone}`).
  const [params, setParams] = useSearchParams();
  const callerPhone = params.get('new_lead');

  const actions: CardActions = useMemo(
    () => ({
      open: (lead) => setDialog({ kind: 'open', lead }),
      moveTo: (lead, target) => void boardActions.move(lead, target),
      archive: (lead) => setDialog({ kind: 'archive', lead }),
      toBranch: several ? (lead) => setDialog({ kind: 'branch', lead }) : null,
      // Spec §6 leads, decision 0015: everyone who works the board, a marketer too.
      toStudent: (lead) => setDialog({ kind: 'student', lead }),
    }),
    [boardActions, several],
  );
  // The places change only with columns and sections, not with every card: cards stay memoised.
  const shape = JSON.stringify(live.state?.columns.map((c) => [c.title, c.sections.map((s) => [s.id, s.title])]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` stands for the columns and sections
  const places = useMemo(() => moveOptions(t, live.state), [t, shape]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` stands for the columns' titles
  const columnTitles = useMemo(() => columnTitlesOf(live.state), [shape]);

  // The list views are server reads: when the board changes under them, they read again (at most each second).
  const followsBoard = view === 'list' || filtering;
  useEffect(() => {
    if (!followsBoard) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = live.store.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: leadListsKey }), 1_000);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [followsBoard, live.store, queryClient]);

  const viewProps = { branchId, filters, state: live.state, country, actions, places };
  const close = () => setDialog(null);
  const cardDialog = (kind: CardDialog['kind']) => (dialog?.kind === kind ? (dialog as CardDialog).lead : null);

  return (
    <Flex vertical gap={12} ref={fill.ref} style={fill.style}>
      <LeadsToolbar
        view={view}
        onView={setView}
        live={live.live}
        branchId={branchId}
        filters={filters}
        onImported={live.refresh}
        onOpen={(kind) => setDialog({ kind })}
      />
      <LeadSearchBar branchId={branchId} filters={filters} onChange={setFilters} />
      {view === 'list' ? (
        <LeadTable {...viewProps} />
      ) : filtering ? (
        <FilteredBoard {...viewProps} />
      ) : (
        <LiveBoardPanel
          live={live}
          boardActions={boardActions}
          actions={actions}
          places={places}
          country={country}
          onColumnSettings={() => setDialog({ kind: 'columns' })}
        />
      )}

      <LeadDrawer
        lead={cardDialog('open')}
        country={country}
        columnTitles={columnTitles}
        actions={actions}
        onClose={close}
        onSaved={live.refresh}
      />
      <ArchiveLeadModal lead={cardDialog('archive')} actions={boardActions} onClose={close} />
      <MoveBranchModal lead={cardDialog('branch')} actions={boardActions} onClose={close} />
      <MakeStudentModal lead={cardDialog('student')} actions={boardActions} onClose={close} />
      <NewLeadModal
        open={dialog?.kind === 'create' || callerPhone !== null}
        phone={callerPhone ?? undefined}
        branchId={branchId}
        country={country}
        columnTitles={columnTitles}
        onClose={() => {
          close();
          if (callerPhone !== null) setParams({}, { replace: true });
        }}
        onCreated={live.refresh}
      />
      <LeadSourcesModal open={dialog?.kind === 'sources'} onClose={close} />
      <ColumnSettingsModal
        open={dialog?.kind === 'columns'}
        state={live.state}
        actions={boardActions}
        onClose={close}
      />
    </Flex>
  );
}
