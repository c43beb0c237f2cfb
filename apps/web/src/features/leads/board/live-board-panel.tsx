import { Alert, App, Button, Flex, Skeleton } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../../shared/api/error-message';
import { type SectionDialog, SectionTitleModal } from '../board-settings-dialogs';
import type { BoardActions } from './board-actions';
import type { ColumnHandlers } from './board-column';
import type { BoardSectionState } from './board-lists';
import { BoardView } from './board-view';
import type { CardActions, MoveOption } from './card-actions';
import type { LiveBoard } from './use-live-board';

const COLLAPSED_KEY = 'leads.collapsed';
const storedCollapsed = () => {
  try {
    return new Set<number>(JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]') as number[]);
  } catch {
    return new Set<number>();
  }
};

interface LiveBoardPanelProps {
  live: LiveBoard;
  boardActions: BoardActions;
  actions: CardActions;
  places: MoveOption[];
  country: string;
  onColumnSettings: () => void;
}

/** The live board with its loading and error states, and the section dialogs its columns open. */
export function LiveBoardPanel({
  live,
  boardActions,
  actions,
  places,
  country,
  onColumnSettings,
}: LiveBoardPanelProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [sectionDialog, setSectionDialog] = useState<SectionDialog | null>(null);
  // Collapsed sections stay collapsed on the next visit (section ids are unique in the company).
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(storedCollapsed);

  const toggleSection = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...next]));
      return next;
    });
  }, []);

  const deleteSection = useCallback(
    (section: BoardSectionState) =>
      modal.confirm({
        title: t('leads.sections.deleteQuestion', { title: section.title }),
        content: t('leads.sections.deleteWarning', { count: section.list.count }),
        okText: t('common.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () =>
          boardActions.deleteSection(section).then(
            () => message.success(t('leads.sections.deleted')),
            (error: unknown) => {
              if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
            },
          ),
      }),
    [boardActions, message, modal, t],
  );

  const handlers: ColumnHandlers = useMemo(
    () => ({
      loadMore: live.loadMore,
      toggleSection,
      addSection: (column) => setSectionDialog({ mode: 'add', column }),
      renameSection: (section) => setSectionDialog({ mode: 'rename', section }),
      deleteSection,
      columnSettings: onColumnSettings,
    }),
    [deleteSection, live.loadMore, onColumnSettings, toggleSection],
  );

  const { board, state } = live;
  if (board.isError && !state) {
    return isHandledGlobally(board.error) ? null : (
      <Alert
        type="error"
        showIcon
        title={errorMessage(t, board.error)}
        action={<Button onClick={() => void board.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!state) {
    return (
      <Flex gap={12} style={{ overflow: 'hidden' }} aria-busy>
        {[0, 1, 2].map((column) => (
          <Skeleton key={column} active paragraph={{ rows: 8 }} style={{ width: 300, flex: '0 0 auto' }} />
        ))}
      </Flex>
    );
  }
  return (
    <>
      <BoardView
        state={state}
        store={live.store}
        country={country}
        actions={actions}
        places={places}
        handlers={handlers}
        collapsed={collapsed}
      />
      <SectionTitleModal target={sectionDialog} actions={boardActions} onClose={() => setSectionDialog(null)} />
    </>
  );
}
