import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { type Group, GroupStatus } from '@crm/contracts';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useGroupMutations } from './groups-api';

/**
 * Spec §4: the first DELETE archives a group, a second deletes the archived group;
 * both after a confirmation. An ended group's button stands out (it prompts archiving).
 */
export function ArchiveGroupButton({
  group,
  withText = false,
  onDeleted,
}: {
  group: Group;
  withText?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { remove } = useGroupMutations();
  const archived = group.status === GroupStatus.archive;
  const label = t(archived ? 'groups.deleteLabel' : 'groups.archiveLabel', { name: group.title });

  const confirm = async () => {
    try {
      const { result } = await remove.mutateAsync(group.id);
      message.success(t(result === 'deleted' ? 'groups.deleted' : 'groups.archived'));
      if (result === 'deleted') onDeleted?.();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Popconfirm
      title={t(archived ? 'groups.deleteQuestion' : 'groups.archiveQuestion', { name: group.title })}
      description={t(archived ? 'groups.deleteWarning' : 'groups.archiveWarning')}
      okText={t(archived ? 'common.delete' : 'groups.archive')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button
        danger={archived || group.badges.expired}
        type={group.badges.expired ? 'primary' : 'default'}
        icon={archived ? <DeleteOutlined /> : <InboxOutlined />}
        aria-label={withText ? undefined : label}
        title={label}
        loading={remove.isPending}
      >
        {withText ? t(archived ? 'common.delete' : 'groups.archive') : null}
      </Button>
    </Popconfirm>
  );
}
