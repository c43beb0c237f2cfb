import { App, Flex, Segmented, Switch, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import type { CatalogueTarget } from './catalogue-form-modal';
import { CatalogueTable, type ListStatus } from './catalogue-table';
import { type NamedCatalogueSpec, type NamedItem, type NameField, named, wordOf } from './named-catalogue';
import { NamedItemFormModal } from './named-item-form-modal';

type Shown = 'all' | 'active' | 'inactive';

interface NamedCataloguePageProps<F extends NameField, Item extends NamedItem & Record<F, string>> {
  spec: NamedCatalogueSpec<F>;
  list: ListStatus;
  rows: readonly Item[] | undefined;
  /** Columns between the name and the switch: who added the row, how often it is used. */
  columns?: TableColumnsType<Item>;
  /** What deleting the row does, said before it is confirmed (deleted for good, or only deactivated). */
  deleteWarning: (item: Item) => string;
  /** All / active / inactive above the table. */
  filter?: boolean;
  /** Shown between the title and the list. */
  intro?: ReactNode;
}

/**
 * The page of a named catalogue (archive reasons, lead deletion reasons, expense types): its rows with a
 * switch each, a dialog to add or rename one, and delete after a confirmation that says what it will do.
 */
export function NamedCataloguePage<F extends NameField, Item extends NamedItem & Record<F, string>>({
  spec,
  list,
  rows,
  columns = [],
  deleteWarning,
  filter = false,
  intro,
}: NamedCataloguePageProps<F, Item>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const word = wordOf(t, spec);
  const [shown, setShown] = useState<Shown>('all');
  const [target, setTarget] = useState<CatalogueTarget<Item> | null>(null);
  const { nameField, writes } = spec;
  const { update, remove } = writes;
  const openCreate = () => setTarget({ mode: 'create' });
  const shownRows = (rows ?? []).filter((row) => shown === 'all' || row.active === (shown === 'active'));
  const nameOf = (row: Item) => named(nameField, row[nameField]);

  const setActive = (row: Item, active: boolean) =>
    runAction(
      t,
      message,
      () => update.mutateAsync({ id: row.id, ...nameOf(row), active }),
      word(active ? 'activated' : 'deactivated'),
    );

  const deleteRow = async (row: Item) => {
    try {
      const answer = await remove.mutateAsync(row.id);
      message.success(word(answer.deactivated ? 'deactivatedInUse' : 'deleted'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const allColumns: TableColumnsType<Item> = [
    {
      title: word('name'),
      key: nameField,
      render: (_, row) => (
        <Typography.Text type={row.active ? undefined : 'secondary'}>{row[nameField]}</Typography.Text>
      ),
    },
    ...columns,
    {
      title: word('active'),
      key: 'active',
      width: 90,
      render: (_, row) => (
        <Switch
          checked={row.active}
          aria-label={word('activeLabel', nameOf(row))}
          loading={update.isPending && update.variables?.id === row.id}
          onChange={(active) => setActive(row, active)}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <RowActions
          editLabel={word('editLabel', nameOf(row))}
          deleteLabel={word('deleteLabel', nameOf(row))}
          deleteQuestion={word('deleteQuestion', nameOf(row))}
          deleteWarning={deleteWarning(row)}
          onEdit={() => setTarget({ mode: 'edit', item: row })}
          onDelete={() => deleteRow(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={word('title')} addLabel={word('add')} onAdd={openCreate} />
      {intro}
      {filter && (
        <Segmented<Shown>
          value={shown}
          onChange={setShown}
          options={[
            { value: 'all', label: word('all') },
            { value: 'active', label: word('onlyActive') },
            { value: 'inactive', label: word('onlyInactive') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <CatalogueTable
        list={list}
        rows={shownRows}
        columns={allColumns}
        empty={word('empty')}
        createFirst={{ label: word('createFirst'), onClick: openCreate }}
      />
      <NamedItemFormModal spec={spec} target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
