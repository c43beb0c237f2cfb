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
import { FORM_CREATE_PATH, FORM_GENERATOR_PATH, formCreatePath, formInfoPath, formTemplatePath } from './form-paths';
import { FormRowActions } from './form-row-actions';
import { KindTag, StatusTag } from './form-tags';
import { type FormListFilters, useFormList } from './forms-api';
import { FormsAreaTabs } from './forms-area-tabs';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/**
 * What the list of every form and the lead forms' own screen (spec §2 form/lead-form) show differently: the
 * rows, the table and their actions are the same.
 */
const SCREENS = {
  every: {
    title: 'nav.forms',
    intro: null,
    empty: 'forms.list.empty',
    create: { path: FORM_CREATE_PATH, label: 'forms.list.create' },
    template: FORM_GENERATOR_PATH,
  },
  lead: {
    title: 'forms.leadForms.title',
    intro: 'forms.leadForms.intro',
    empty: 'forms.leadForms.empty',
    create: { path: formCreatePath('lead'), label: 'forms.leadForms.create' },
    template: formTemplatePath('lead'),
  },
} as const;
type ListScreen = (typeof SCREENS)[keyof typeof SCREENS];

/** The list's filters as the address keeps them (?kind=&status=&search=&page=), so a link shows the same list. */
function filtersOf(params: URLSearchParams, onlyKind: FormKind | undefined): FormListFilters {
  const page = Number(params.get('page'));
  return {
    kind: onlyKind ?? oneOf(FORM_KINDS, params.get('kind')),
    status: oneOf(FORM_STATUSES, params.get('status')),
    search: params.get('search')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

interface FormListPageProps {
  /** Only the forms of this kind, without a kind filter (the lead forms' screen); none: every form. */
  onlyKind?: 'lead';
}

/** Spec §2 form/lead-form: the company's lead forms, whose answers become leads on a branch's board. */
export const LeadFormListPage = () => <FormListPage onlyKind="lead" />;

/** Spec §2 form/list: the company's forms, their kind, status and answers, with what can be done to each. */
export function FormListPage({ onlyKind }: FormListPageProps) {
  const { t } = useTranslation();
  const [params, patch] = useSearchPatch();
  const screen = SCREENS[onlyKind ?? 'every'];
  const filters = filtersOf(params, onlyKind);
  const list = useFormList(filters);
  const canCreate = list.data?.policies.create ?? false;
  const filtered = Boolean((!onlyKind && filters.kind) || filters.status || filters.search);
  // With no form at all the invitation to create one stands in the middle of the page, not in the header too.
  const nothingYet = list.data?.pagination.total === 0 && !filtered;
  // A new filter starts again at page one.
  const filter = (changes: Record<string, string | undefined>) => patch({ ...changes, page: undefined });

  const everyColumn: ColumnsType<FormSummary> = [
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
  // A screen of one kind names it once, in its title.
  const columns = onlyKind ? everyColumn.filter((column) => column.key !== 'kind') : everyColumn;

  return (
    <Flex vertical gap={16}>
      <FormsAreaTabs />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(screen.title)}
        </Typography.Title>
        {canCreate && !nothingYet && <CreateButtons screen={screen} />}
      </Flex>
      {screen.intro && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(screen.intro)}
        </Typography.Paragraph>
      )}
      <Flex wrap gap={8}>
        {!onlyKind && (
          <Select<FormKind>
            aria-label={t('forms.list.kind')}
            allowClear
            placeholder={t('forms.list.allKinds')}
            value={filters.kind}
            onChange={(kind) => filter({ kind })}
            options={FORM_KINDS.map((kind) => ({ value: kind, label: t(`forms.kinds.${kind}`) }))}
            style={{ width: 170 }}
          />
        )}
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
        <Empty description={t(screen.empty)}>{canCreate && <CreateButtons screen={screen} />}</Empty>
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

function CreateButtons({ screen }: { screen: ListScreen }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap justify="center">
      <ButtonLink to={screen.template} icon={<AppstoreAddOutlined />}>
        {t('forms.list.fromTemplate')}
      </ButtonLink>
      <ButtonLink to={screen.create.path} type="primary" icon={<PlusOutlined />}>
        {t(screen.create.label)}
      </ButtonLink>
    </Flex>
  );
}
