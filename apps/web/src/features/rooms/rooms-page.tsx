import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Room } from '@crm/contracts';
import { Alert, App, Button, Empty, Flex, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { RoomFormModal, type RoomFormTarget } from './room-form-modal';
import { useRoomMutations, useRooms } from './rooms-api';

/** Spec §2 rooms/list: the rooms of the branch chosen in the header. */
export function RoomsPage() {
  const { branch } = useSession();
  // A new branch starts again at page one.
  return branch === null ? null : <BranchRooms key={branch} branchId={branch} />;
}

function BranchRooms({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<RoomFormTarget | null>(null);
  const rooms = useRooms(branchId, page);
  const { remove } = useRoomMutations(branchId);
  const pagination = rooms.data?.pagination;
  const openCreate = () => setTarget({ mode: 'create' });

  // Deleting the last room of the last page leaves that page empty.
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const deleteRoom = async (room: Room) => {
    try {
      await remove.mutateAsync(room.id);
      message.success(t('rooms.deleted'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const columns: TableColumnsType<Room> = [
    { title: t('rooms.name'), dataIndex: 'name', key: 'name' },
    { title: t('rooms.capacity'), dataIndex: 'capacity', key: 'capacity', width: 120 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, room) => (
        <Space>
          <Button
            icon={<EditOutlined />}
            aria-label={t('rooms.editLabel', { name: room.name })}
            title={t('rooms.editLabel', { name: room.name })}
            onClick={() => setTarget({ mode: 'edit', room })}
          />
          <Popconfirm
            title={t('rooms.deleteQuestion', { name: room.name })}
            description={t('rooms.deleteWarning')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => deleteRoom(room)}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('rooms.deleteLabel', { name: room.name })}
              title={t('rooms.deleteLabel', { name: room.name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('rooms.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
          {t('rooms.add')}
        </Button>
      </Flex>
      {rooms.isError && !isHandledGlobally(rooms.error) && (
        <Alert type="error" showIcon title={errorMessage(t, rooms.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={rooms.data?.data}
        loading={rooms.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: rooms.isPending ? (
            ' '
          ) : (
            <Empty description={t('rooms.empty')}>
              <Button type="primary" onClick={openCreate}>
                {t('rooms.createFirst')}
              </Button>
            </Empty>
          ),
        }}
        pagination={
          pagination && pagination.total_pages > 1
            ? {
                current: page,
                pageSize: pagination.per_page,
                total: pagination.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
      <RoomFormModal target={target} branchId={branchId} onClose={() => setTarget(null)} />
    </Flex>
  );
}
