import {
  DeleteOutlined,
  DownloadOutlined,
  InboxOutlined,
  PlusOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  jobsRoutes,
  normalizeLanguage,
  STUDENT_PAGE_SIZE,
  topRank,
  type UserListItem,
  type UserProfile,
  type UserType,
} from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Popconfirm, Segmented, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useViewport } from '../../app/shell/use-viewport';
import { api } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { NEAR_SCREEN_ROWS, nearScreenRowIndex } from '../../shared/ui/near-screen-row';
import { useSelectAllTitle } from '../../shared/ui/select-all-title';
import { useBackgroundExport } from '../jobs/background-export';
import { StudentListSms } from '../sms/student-list-sms';
import { useListState } from './list-state';
import { usePeopleColumns, usePeopleRows } from './people-columns';
import { PeopleFiltersBar } from './people-filters';
import { PEOPLE_KINDS, roleIdsOfPerson } from './people-kinds';
import type { PersonFormTarget } from './person-form-modal';
import { useRefusalMessage } from './use-refusal';
import { downloadXlsx, profileKey, queryOf, usePeople, usePeopleMutations } from './users-api';

// The forms load when first opened: the list is what the page needs first (bench: student list usable).
const PersonFormModal = lazy(() => import('./person-form-modal').then((m) => ({ default: m.PersonFormModal })));
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** Spec §2 students: list (spec §9: 50 a page). */
export const StudentsPage = () => <PeoplePage type="student" archived={false} />;
/** Spec §2 students: archive (restore, delete). */
export const StudentsArchivePage = () => <PeoplePage type="student" archived />;
/** Spec §2 teachers: list, with its archive in place. */
export const TeachersPage = () => <PeoplePage type="teacher" />;
/** Spec §2 staff: list (staff list uses user_type staff and branch_id), with its archive in place. */
export const StaffPage = () => <PeoplePage type="staff" />;

function PeoplePage({ type, archived: archivedRoute }: { type: UserType; archived?: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, company, branch } = useSession();
  // Read at once (antd's Grid.useBreakpoint draws the whole page a second time after mounting).
  const narrow = useViewport() === 'mobile';
  const kind = PEOPLE_KINDS[type];
  const myRank = topRank(user ? roleIdsOf(user) : []);
  // The server refuses archiving oneself or someone senior; the buttons say so first.
  const untouchable = (person: UserListItem) => person.id === user?.id || topRank(roleIdsOfPerson(person)) > myRank;
  const country = company?.datas.country ?? 'uz';
  const state = useListState(branch);
  const archived = archivedRoute ?? state.archivedView;
  const people = usePeople(type, archived, state.filters, state.page, STUDENT_PAGE_SIZE);
  const { archive, restore } = usePeopleMutations();
  const refusal = useRefusalMessage();
  const [selected, setSelected] = useState<number[]>([]);
  const [formTarget, setFormTarget] = useState<PersonFormTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const backgroundExport = useBackgroundExport();
  const pagination = people.data?.pagination;
  // The rows are drawn as a deferred render, which React splits into short slices: drawn with the answer,
  // a page of rows was one long task on a phone, and a tap waited for it.
  const rows = useDeferredValue(people.data?.data);
  const filterKey = JSON.stringify([state.filters, state.page, archived]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another page or filter starts a new selection
  useEffect(() => setSelected([]), [filterKey]);
  // Archiving the last people of the last page leaves that page empty: step back to the last one.
  const lastPage = Math.max(1, pagination?.total_pages ?? 1);
  const { page: currentPage, setPage } = state;
  useEffect(() => {
    if (currentPage > lastPage) setPage(lastPage);
  }, [currentPage, lastPage, setPage]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      setSelected([]);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(refusal(error));
    }
  };
  const archiveMany = (ids: number[]) =>
    run(() => archive.mutateAsync({ ids }), t('users.list.archived', { count: ids.length }));
  const restoreMany = (ids: number[]) =>
    run(() => restore.mutateAsync(ids), t('users.list.restored', { count: ids.length }));
  const deleteMany = (ids: number[]) =>
    run(() => archive.mutateAsync({ ids, permanent: true }), t('users.list.deleted', { count: ids.length }));

  const openEdit = async (person: UserListItem) => {
    try {
      const profile = await queryClient.fetchQuery({
        queryKey: profileKey(person.id),
        queryFn: () => apiRequest<UserProfile>(`/user/${person.id}`),
      });
      setFormTarget({ mode: 'edit', person: profile });
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const exportList = async () => {
    setExporting(true);
    try {
      // A large list is written in the background (issue 15); a small one downloads at once, as before.
      const query = {
        ...queryOf(type, state.filters),
        archived: archived ? ('1' as const) : undefined,
        lang: normalizeLanguage(i18n.language),
      };
      await backgroundExport.run(
        () => api(jobsRoutes.startUserExport, { query }),
        () => downloadXlsx('/user/export', query, `${t(`users.kinds.${type}`)}.xlsx`),
      );
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setExporting(false);
    }
  };

  // The cells keep the handlers they were drawn with (people-columns.tsx): these reach the current ones.
  const actions = useRef({ openEdit, archiveMany, restoreMany, deleteMany });
  useEffect(() => {
    actions.current = { openEdit, archiveMany, restoreMany, deleteMany };
  });
  const selectAllTitle = useSelectAllTitle<UserListItem>();
  const columns = usePeopleColumns({
    type,
    archived,
    narrow,
    country,
    untouchable,
    onEdit: (person) => actions.current.openEdit(person),
    onArchive: (ids) => actions.current.archiveMany(ids),
    onRestore: (ids) => actions.current.restoreMany(ids),
    onDelete: (ids) => actions.current.deleteMany(ids),
  });
  const drawnRows = usePeopleRows(
    rows,
    JSON.stringify([type, archived, narrow, country, i18n.language, company?.datas.company_type, user?.id, myRank]),
  );

  const title = archivedRoute ? t('users.titles.studentArchive') : t(`users.titles.${type}`);
  // While the deferred rows catch up with the answer, the table is not empty: it is still drawing.
  const emptyText =
    people.isPending || rows !== people.data?.data ? (
      ' '
    ) : (
      <Empty description={t(archived ? 'users.list.emptyArchive' : `users.list.empty.${type}`)}>
        {!archived && (
          <Button type="primary" onClick={() => setFormTarget({ mode: 'create' })}>
            {t(`users.actions.add.${type}`)}
          </Button>
        )}
      </Empty>
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {pagination && (
            <Typography.Text type="secondary">{t('users.list.total', { count: pagination.total })}</Typography.Text>
          )}
        </Flex>
        <Flex wrap gap={8}>
          {archivedRoute === undefined && (
            <Segmented
              value={archived ? 'archived' : 'active'}
              onChange={(value) => state.setArchivedView(value === 'archived')}
              options={[
                { value: 'active', label: t('users.list.active') },
                { value: 'archived', label: t('users.list.archive') },
              ]}
            />
          )}
          {type === 'student' && !archivedRoute && (
            <Button icon={<InboxOutlined />} onClick={() => navigate(PEOPLE_KINDS.student.archivePath ?? '')}>
              {t('users.list.archive')}
            </Button>
          )}
          {type === 'student' && !archived && (
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('users.import.button')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
            {t('users.list.export')}
          </Button>
          {type === 'student' && !archived && (
            <StudentListSms selected={selected} query={queryOf(type, state.filters)} total={pagination?.total} />
          )}
          {!archived && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create' })}>
              {t(`users.actions.add.${type}`)}
            </Button>
          )}
        </Flex>
      </Flex>
      <PeopleFiltersBar
        type={type}
        filters={state.filters}
        allBranches={state.allBranches}
        onChange={state.setFilters}
        listReady={people.data !== undefined || people.isError}
      />
      {selected.length > 0 && (
        <Alert
          type="info"
          title={t('users.list.selected', { count: selected.length })}
          action={
            archived ? (
              <Space wrap>
                <Button size="small" icon={<UndoOutlined />} onClick={() => restoreMany(selected)}>
                  {t('users.actions.restore')}
                </Button>
                <Popconfirm
                  title={t('users.list.deleteQuestion', { count: selected.length, name: '' })}
                  description={t('users.list.deleteWarning')}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => deleteMany(selected)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t('users.actions.deleteForever')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : (
              <Popconfirm
                title={t('users.list.archiveQuestion', { count: selected.length, name: '' })}
                description={t(`users.list.archiveWarning.${type}`)}
                okText={t('users.actions.archive')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => archiveMany(selected)}
              >
                <Button size="small" danger icon={<InboxOutlined />}>
                  {t('users.actions.archiveSelected')}
                </Button>
              </Popconfirm>
            )
          }
        />
      )}
      {people.isError && !isHandledGlobally(people.error) && (
        <Alert type="error" showIcon title={errorMessage(t, people.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={drawnRows}
        loading={people.isFetching}
        scroll={{ x: 'max-content' }}
        components={NEAR_SCREEN_ROWS}
        onRow={nearScreenRowIndex}
        rowSelection={{
          ...selectAllTitle,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (person) => ({ disabled: untouchable(person) }),
        }}
        locale={{ emptyText }}
        pagination={
          pagination && pagination.total > pagination.per_page
            ? {
                current: state.page,
                pageSize: pagination.per_page,
                total: pagination.total,
                onChange: state.setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
      <Suspense fallback={null}>
        {formTarget && <PersonFormModal kind={kind} target={formTarget} onClose={() => setFormTarget(null)} />}
        {type === 'student' && importOpen && <ImportDialog open onClose={() => setImportOpen(false)} />}
      </Suspense>
      {backgroundExport.modal}
    </Flex>
  );
}
