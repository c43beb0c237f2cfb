import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { courseColor, DAY_TYPES, type DayType, type Group, GroupStatus, STAFF_ROLES } from '@crm/contracts';
import {
  Alert,
  App,
  Badge,
  Button,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { ArchiveGroupButton } from './archive-group-button';
import { dateText } from './dates';
import { GroupFormModal, type GroupFormTarget } from './group-form-modal';
import { CapacityTag, daysText, GroupBadges, GroupStatusTag } from './group-tags';
import { downloadGroupsExport, type GroupFilters, useCourseOptions, useGroups, useTeacherOptions } from './groups-api';
import { tablePagination } from './table-pagination';

/** Whether the signed-in user manages groups (spec §6 staff), not only reads his own as a teacher. */
export function useCanEditGroups(): boolean {
  const { user } = useSession();
  return user ? roleIdsOf(user).some((role) => STAFF_ROLES.includes(role)) : false;
}

/** Spec §2 groups list: the groups of the branch chosen in the header. */
export function GroupsPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchGroups key={branch} branchId={branch} />;
}

type Filters = Omit<GroupFilters, 'branch_id'>;

const positive = (value: string | null) => (Number(value) > 0 ? Number(value) : undefined);

function filtersFromAddress(params: URLSearchParams): Filters {
  const status = positive(params.get('status'));
  const day = params.get('day_type');
  return {
    status: Object.values(GroupStatus).find((known) => known === status),
    course_id: positive(params.get('course_id')),
    teacher_id: positive(params.get('teacher_id')),
    day_type: DAY_TYPES.find((known) => known === day),
  };
}

function BranchGroups({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useCanEditGroups();
  // The dashboard's counters open the list already filtered (`?status=2&course_id=…&teacher_id=…`).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => filtersFromAddress(params));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<GroupFormTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useMemo(() => ({ ...filters, branch_id: branchId }), [filters, branchId]);
  const groups = useGroups(query, page);
  // A teacher reads his own groups only; the course and teacher lists are not his to read (spec §6).
  const courses = useCourseOptions(canEdit);
  const teachers = useTeacherOptions(branchId, canEdit);
  const pagination = groups.data?.pagination;

  // Spec §5: any change of a filter starts again at page one.
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadGroupsExport(query, i18n.language);
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setExporting(false);
    }
  };

  const expired = groups.data?.data.filter((group) => group.badges.expired) ?? [];
  const columns: TableColumnsType<Group> = [
    {
      title: t('groups.columns.title'),
      key: 'title',
      render: (_, group) => (
        <Flex vertical gap={4}>
          <Link to={`/groups/${group.id}`}>
            <Typography.Text strong style={{ color: 'inherit' }}>
              {group.title}
            </Typography.Text>
          </Link>
          <GroupBadges badges={group.badges} />
        </Flex>
      ),
    },
    {
      title: t('groups.columns.course'),
      key: 'course',
      render: (_, group) => <Badge color={courseColor(group.course.id)} text={group.course.name} />,
    },
    { title: t('groups.columns.teacher'), key: 'teacher', render: (_, group) => group.teacher.name },
    { title: t('groups.columns.room'), key: 'room', render: (_, group) => group.room?.name ?? '—' },
    {
      title: t('groups.columns.schedule'),
      key: 'schedule',
      render: (_, group) => (
        <Flex vertical>
          <span>{daysText(t, group)}</span>
          <Typography.Text type="secondary">
            {group.start_time}–{group.end_time}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('groups.columns.dates'),
      key: 'dates',
      render: (_, group) => (
        <Flex vertical>
          <span>{dateText(group.start_date)}</span>
          <Typography.Text type="secondary">{dateText(group.end_date)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('groups.columns.students'),
      key: 'students',
      render: (_, group) => <CapacityTag capacity={group.capacity} />,
    },
    {
      title: t('groups.columns.status'),
      key: 'status',
      render: (_, group) => <GroupStatusTag status={group.status} />,
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, group) => (
        <Space>
          <Button
            icon={<EditOutlined />}
            aria-label={t('groups.editLabel', { name: group.title })}
            title={t('groups.editLabel', { name: group.title })}
            onClick={() => setTarget({ mode: 'edit', group })}
          />
          <ArchiveGroupButton group={group} />
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('groups.title')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
            {t('groups.export')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })}>
              {t('groups.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('groups.search')}
          aria-label={t('groups.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            if (!event.target.value) setFilter('name', undefined);
          }}
          onSearch={(value) => setFilter('name', value.trim() || undefined)}
          style={{ width: 240, maxWidth: '100%' }}
        />
        <Select
          allowClear
          aria-label={t('groups.filters.status')}
          placeholder={t('groups.filters.allStatuses')}
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
          options={Object.values(GroupStatus).map((value) => ({ value, label: t(`groups.status.${value}`) }))}
          style={{ width: 170 }}
        />
        {canEdit && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('groups.filters.course')}
            placeholder={t('groups.filters.course')}
            value={filters.course_id}
            onChange={(value) => setFilter('course_id', value)}
            options={courses.data}
            style={{ width: 190 }}
          />
        )}
        {canEdit && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('groups.filters.teacher')}
            placeholder={t('groups.filters.teacher')}
            value={filters.teacher_id}
            onChange={(value) => setFilter('teacher_id', value)}
            options={teachers.data}
            style={{ width: 190 }}
          />
        )}
        <Select<DayType>
          allowClear
          aria-label={t('groups.filters.dayType')}
          placeholder={t('groups.filters.dayType')}
          value={filters.day_type}
          onChange={(value) => setFilter('day_type', value)}
          options={DAY_TYPES.map((value) => ({ value, label: t(`groups.dayType.${value}`) }))}
          style={{ width: 170 }}
        />
      </Flex>
      {groups.isError && !isHandledGlobally(groups.error) && (
        <Alert type="error" showIcon title={errorMessage(t, groups.error)} />
      )}
      {canEdit && expired.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('groups.expiredPrompt', { names: expired.map((g) => g.title).join(', ') })}
        />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={groups.data?.data}
        loading={groups.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: groups.isPending ? (
            ' '
          ) : (
            <Empty description={t('groups.empty')}>
              {canEdit && (
                <Button type="primary" onClick={() => setTarget({ mode: 'create' })}>
                  {t('groups.createFirst')}
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={tablePagination(pagination, page, setPage)}
      />
      <GroupFormModal target={target} branchId={branchId} onClose={() => setTarget(null)} />
    </Flex>
  );
}
