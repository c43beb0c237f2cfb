import { LEAD_COLUMNS, type Lead, type LeadColumn } from '@crm/contracts';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../../shared/api/error-message';
import { useFilteredColumn } from '../leads-api';
import { ColumnFrame, ColumnsRow, useColumnSize } from './board-column';
import { EmptyListRow, LoadMoreRow } from './board-rows';
import { columnName, type LeadViewProps } from './card-actions';
import { CardMenu } from './card-menu';
import { LeadCardBody, useCardStyle } from './lead-card';
import { VirtualRows } from './virtual-rows';

type Row = { kind: 'card'; lead: Lead } | { kind: 'more' } | { kind: 'empty' };

/**
 * The board while a search is set (spec §9). The live board holds only each list's first pages, so
 * filtering the cards it has loaded would hide matches further down; instead each column asks the
 * server (GET /leadData with the search and the column) and pages as it scrolls. Its cards are the
 * matches, newest first; sections and dragging belong to the whole board, so here a card
 * moves with its "Move to…" menu.
 */
export function FilteredBoard({ state, ...props }: LeadViewProps) {
  const size = useColumnSize();
  return (
    <ColumnsRow>
      {LEAD_COLUMNS.map((column) => (
        <FilteredColumn
          key={column}
          {...props}
          column={column}
          title={state?.columns.find((c) => c.column === column)?.title ?? ''}
          width={size.width}
          height={size.height}
        />
      ))}
    </ColumnsRow>
  );
}

function FilteredColumn({
  branchId,
  filters,
  column,
  title,
  country,
  actions,
  places,
  width,
  height,
}: Omit<LeadViewProps, 'state'> & { column: LeadColumn; title: string; width: string | number; height: string }) {
  const { t } = useTranslation();
  const cardStyle = useCardStyle();
  const query = useFilteredColumn(branchId, filters, column);
  const name = columnName(t, column, title);
  const leads = query.data?.pages.flatMap((page) => page.data) ?? [];
  const rows: Row[] = [
    ...leads.map((lead) => ({ kind: 'card' as const, lead })),
    ...(query.hasNextPage ? [{ kind: 'more' as const }] : []),
    ...(leads.length === 0 && !query.hasNextPage ? [{ kind: 'empty' as const }] : []),
  ];
  const render = (row: Row) => {
    if (row.kind === 'more')
      return <LoadMoreRow onLoad={() => void query.fetchNextPage({ cancelRefetch: false })} loaded={leads.length} />;
    if (row.kind === 'empty') return <EmptyListRow text={t('leads.board.noMatches')} />;
    return (
      <div style={{ paddingBottom: 8 }}>
        <div style={cardStyle}>
          <LeadCardBody
            lead={row.lead}
            country={country}
            onOpen={() => actions.open(row.lead)}
            menu={<CardMenu lead={row.lead} actions={actions} places={places} />}
          />
        </div>
      </div>
    );
  };
  return (
    <ColumnFrame title={name} count={query.data?.pages[0]?.pagination.total ?? 0} width={width}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        !isHandledGlobally(query.error) && <Alert type="error" showIcon title={errorMessage(t, query.error)} />
      ) : (
        <VirtualRows
          rows={rows}
          rowKey={(row) => (row.kind === 'card' ? row.lead.uuid : row.kind)}
          estimate={(row) => (row.kind === 'card' ? 120 : 56)}
          render={render}
          label={name}
          style={{ height }}
        />
      )}
    </ColumnFrame>
  );
}
