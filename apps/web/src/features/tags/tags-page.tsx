import { TAG_TYPE_IDS, type Tag, type TagTypeId } from '@crm/contracts';
import { Alert, App, Tag as ColoredTag, Flex, Input, Table, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { emptyList, PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { TagFormModal, type TagFormTarget } from './tag-form-modal';
import { useTagMutations, useTags } from './tags-api';

/** Spec §2 tags: the company's tags by what they label (spec §3: student, group, lead, task). */
export function TagsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [type, setType] = useState<TagTypeId>(TAG_TYPE_IDS[0]!);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<TagFormTarget | null>(null);
  const tags = useTags();
  const { remove } = useTagMutations();
  const all = tags.data?.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = all.filter((tag) => tag.type === type && tag.name.toLowerCase().includes(needle));
  const openCreate = () => setTarget({ mode: 'create', type });

  const columns: TableColumnsType<Tag> = [
    {
      title: t('tags.name'),
      key: 'name',
      render: (_, tag) => <ColoredTag color={tag.color ?? undefined}>{tag.name}</ColoredTag>,
    },
    { title: t('tags.usage'), dataIndex: 'usage_count', key: 'usage', width: 140, responsive: ['sm'] },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, tag) => (
        <RowActions
          editLabel={t('tags.editLabel', { name: tag.name })}
          deleteLabel={t('tags.deleteLabel', { name: tag.name })}
          deleteQuestion={t('tags.deleteQuestion', { name: tag.name })}
          deleteWarning={tag.usage_count ? t('tags.deleteWarning', { count: tag.usage_count }) : undefined}
          onEdit={() => setTarget({ mode: 'edit', tag })}
          onDelete={() => runAction(t, message, () => remove.mutateAsync(tag.id), t('tags.deleted'))}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('tags.title')} addLabel={t('tags.add')} onAdd={openCreate} />
      <Tabs
        activeKey={String(type)}
        onChange={(key) => setType(Number(key) as TagTypeId)}
        items={TAG_TYPE_IDS.map((id) => ({
          key: String(id),
          label: `${t(`tags.types.${id}`)} (${all.filter((tag) => tag.type === id).length})`,
        }))}
        style={{ marginBottom: -16 }}
      />
      <Input.Search
        allowClear
        placeholder={t('tags.search')}
        aria-label={t('tags.search')}
        style={{ maxWidth: 320 }}
        onChange={(event) => setSearch(event.target.value)}
      />
      {tags.isError && !isHandledGlobally(tags.error) && (
        <Alert type="error" showIcon title={errorMessage(t, tags.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={tags.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: needle
            ? emptyList(tags.isPending, t('tags.notFound', { search }))
            : emptyList(tags.isPending, t('tags.empty'), { label: t('tags.createFirst'), onClick: openCreate }),
        }}
      />
      <TagFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
