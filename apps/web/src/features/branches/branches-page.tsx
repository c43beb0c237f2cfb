import { EditOutlined, InboxOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import type { BranchAdminList } from '@crm/contracts';
import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tabs, Tag, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { runAction } from '../courses/form-errors';
import { dateText } from '../users/people-kinds';
import { ArchiveBranchDialog } from './archive-branch-dialog';
import { BranchEditModal } from './branch-edit-modal';
import { NEW_BRANCH_PATH } from './branch-paths';
import { useAdminBranches, useBranchMutations } from './branches-api';

export type AdminBranch = BranchAdminList['data'][number];
type Policies = BranchAdminList['policies'];
type Shelf = 'working' | 'archived';

/**
 * Spec §2 admin/edit-company: the company's branches, working and archived, each edited, archived (with its
 * consequences shown first) or restored. The buttons follow the list's policies.
 */
export function BranchesPage() {
  const { t } = useTranslation();
  const [shelf, setShelf] = useState<Shelf>('working');
  const [editing, setEditing] = useState<AdminBranch | null>(null);
  const [archiving, setArchiving] = useState<AdminBranch | null>(null);
  const list = useAdminBranches(shelf === 'archived');
  const policies = list.data?.policies;
  // keepPreviousData shows the other shelf's rows while this one loads: only rows of the shelf asked for count.
  const rows = list.isPlaceholderData ? undefined : list.data?.data;

  let body: ReactNode;
  if (list.isError) {
    body = isHandledGlobally(list.error) ? null : <Alert type="error" showIcon title={errorMessage(t, list.error)} />;
  } else if (!rows || !policies) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (rows.length === 0) {
    body = <Empty description={t(shelf === 'archived' ? 'branches.noArchived' : 'branches.noWorking')} />;
  } else {
    body = (
      <Flex vertical>
        {rows.map((branch, index) => (
          <BranchRow
            key={branch.id}
            branch={branch}
            last={index === rows.length - 1}
            policies={policies}
            onEdit={() => setEditing(branch)}
            onArchive={() => setArchiving(branch)}
          />
        ))}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('branches.title')}
        </Typography.Title>
        {policies?.can_create && (
          <ButtonLink to={NEW_BRANCH_PATH} type="primary">
            <PlusOutlined /> {t('branches.add')}
          </ButtonLink>
        )}
      </Flex>
      <Card styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          activeKey={shelf}
          onChange={(key) => setShelf(key as Shelf)}
          items={[
            { key: 'working', label: t('branches.working') },
            { key: 'archived', label: t('branches.archived') },
          ]}
        />
        {body}
      </Card>
      <BranchEditModal branch={editing} onClose={() => setEditing(null)} />
      <ArchiveBranchDialog branch={archiving} onClose={() => setArchiving(null)} />
    </Flex>
  );
}

interface BranchRowProps {
  branch: AdminBranch;
  last: boolean;
  policies: Policies;
  onEdit: () => void;
  onArchive: () => void;
}

function BranchRow({ branch, last, policies, onEdit, onArchive }: BranchRowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { company } = useSession();
  const { restore } = useBranchMutations();
  const archived = Boolean(branch.archived_at);
  const hours =
    branch.start_of_working_day && branch.end_of_working_day
      ? `${branch.start_of_working_day}–${branch.end_of_working_day}`
      : null;
  const facts = [branch.address, phoneText(branch.phone, company?.datas.country ?? 'uz'), hours].filter(Boolean);

  return (
    <Flex
      gap={12}
      wrap
      justify="space-between"
      align="flex-start"
      style={{ paddingBlock: 16, borderBottom: last ? undefined : `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex vertical gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {branch.name}
        </Typography.Text>
        {facts.length > 0 && <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>}
        {branch.landmark && (
          <Typography.Text type="secondary">
            {t('branches.landmarkLine', { landmark: branch.landmark })}
          </Typography.Text>
        )}
        <Flex gap={4} wrap style={{ marginTop: 4 }}>
          <Tag>{t('branches.people', { count: branch.people })}</Tag>
          <Tag color={branch.active_groups > 0 ? 'blue' : undefined}>
            {t('branches.activeGroups', { count: branch.active_groups })}
          </Tag>
          {archived && <Tag>{t('branches.archivedOn', { date: dateText(branch.archived_at) })}</Tag>}
        </Flex>
      </Flex>
      <Flex gap={8} wrap>
        {!archived && policies.can_edit && (
          <Button icon={<EditOutlined />} onClick={onEdit} aria-label={t('branches.editLabel', { name: branch.name })}>
            {t('branches.edit')}
          </Button>
        )}
        {!archived && policies.can_archive && (
          <Button
            danger
            icon={<InboxOutlined />}
            onClick={onArchive}
            aria-label={t('branches.archiveLabel', { name: branch.name })}
          >
            {t('branches.archive')}
          </Button>
        )}
        {archived && policies.can_archive && (
          <Popconfirm
            title={t('branches.restoreQuestion', { name: branch.name })}
            description={t('branches.restoreWarning')}
            okText={t('branches.restore')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              runAction(t, message, () => restore.mutateAsync(branch.id), t('branches.restored', { name: branch.name }))
            }
          >
            <Button
              icon={<UndoOutlined />}
              loading={restore.isPending}
              aria-label={t('branches.restoreLabel', { name: branch.name })}
            >
              {t('branches.restore')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
