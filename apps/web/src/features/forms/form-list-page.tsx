import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_KINDS, FORM_STATUSES, type FormKind, type FormStatus, type FormSummary } from '@crm/contracts';
import { Alert, Empty, Flex, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { tablePagination } from '../groups/table-pagination';
import { dateTime } from './form-format';
import { FORM_CREATE_PATH, FORM_GENERATOR_PATH, formInfoPath } from './form-paths';
import { FormRowActions } from './form-row-actions';
import { KindTag, StatusTag } from './form-tags';
import { type FormListFilters, useFormList } from './forms-api';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/** The list's filters as the address keeps them (?kind=&status=&search=&page=), so a link shows the same list. */
function filtersOf(params: URLSearchParams): FormListFilters {
  const page = Number(params.get('page'));
  return {
    kind: oneOf(FORM_KINDS, params.get('kind')),
    status: oneOf(FORM_STATUSES, params.get('status')),
    search: params.get('search')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Spec §2 form/list: the company's forms, their kind, status and answers, with what can be done to each. */
export function FormListPage() {
  const { t } = useTranslation();
  const [params, patch] = useSearchPatch();
  const filters = filtersOf(params);
  const list = useFormList(filters);
  const canCreate = list.data?.policies.create ?? false;
  const filtered = Boolean(filters.kind || filters.status || filters.search);
  // With no form at all the invitation to create one stands in the middle of the page, not in the header too.
  const nothingYet = list.data?.pagination.total === 0 && !filtered;
  // A new filter starts again at page one.
  const filter = (changes: Record<string, string | undefined>) => patch({ ...changes, page: undefined });

  const columns: ColumnsType<FormSummary> = [
    {
      key: 'title',
      title: t('forms.list.title'),
      render: (_, form) => <Link to={formInfoPath(form.id)}>{form.title}</Link>,
    },
    { key: 'kind', title: t('forms.list.kind'), render: (_, form) => <KindTag kind={form.kind} /> },
    { key: 'status', title: t('forms.list.status'), render: (_, form) => <StatusTag status={form.status} /> },
    { key: 'answers', title: t('forms.list.answers'), dataIndex: 'answers', align: 'right' },
    { key: 'last', title: t('forms.list.lastAnswer'), render: (_, form) => dateTime(form.last_answer_at) },
    {
      key: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      // Until the list answers each form's own policies, the list's one stands for them (see the report).
      render: (_, form) => <FormRowActions form={form} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('nav.forms')}
        </Typography.Title>
        {canCreate && !nothingYet && <CreateButtons />}
      </Flex>
      <Flex wrap gap={8}>
        <Select<FormKind>
          aria-label={t('forms.list.kind')}
          allowClear
          placeholder={t('forms.list.allKinds')}
          value={filters.kind}
          onChange={(kind) => filter({ kind })}
          options={FORM_KINDS.map((kind) => ({ value: kind, label: t(`forms.kinds.${kind}`) }))}
          style={{ width: 170 }}
        />
        <Select<FormStatus>
          aria-label={t('forms.list.status')}
          allowClear
          placeholder={t('forms.list.allStatuses')}
          value={filters.status}
          onChange={(status) => filter({ status })}
          options={FORM_STATUSES.map((status) => ({ value: status, label: t(`forms.statuses.${status}`) }))}
          style={{ width: 170 }}
        />
        <Input.Search
          key={filters.search ?? ''}
          aria-label={t('forms.list.search')}
          placeholder={t('forms.list.search')}
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => filter({ search: search.trim() })}
          style={{ width: 260, maxWidth: '100%' }}
        />
      </Flex>
      {list.isError ? (
        !isHandledGlobally(list.error) && <Alert type="error" showIcon title={errorMessage(t, list.error)} />
      ) : nothingYet ? (
        <Empty description={t('forms.list.empty')}>{canCreate && <CreateButtons />}</Empty>
      ) : (
        <Table<FormSummary>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isPending || list.isPlaceholderData}
          locale={{ emptyText: t('forms.list.emptyFiltered') }}
          pagination={tablePagination(list.data?.pagination, filters.page, (page) => patch({ page: String(page) }))}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Flex>
  );
}

function CreateButtons() {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap justify="center">
      <ButtonLink to={FORM_GENERATOR_PATH} icon={<AppstoreAddOutlined />}>
        {t('forms.list.fromTemplate')}
      </ButtonLink>
      <ButtonLink to={FORM_CREATE_PATH} type="primary" icon={<PlusOutlined />}>
        {t('forms.list.create')}
      </ButtonLink>
    </Flex>
  );
}
