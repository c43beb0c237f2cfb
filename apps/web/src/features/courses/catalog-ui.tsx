import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, type FormInstance, Modal, Popconfirm, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pieces every catalogue page of this issue repeats (courses, holidays, tags, archive reasons): a page
 * title with its add button, a row's edit and delete buttons (delete asks first), the empty list, the form
 * dialog. They could move to shared/ui once other lists use them.
 */

export function PageHeader({
  title,
  addLabel,
  onAdd,
  extra,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  extra?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      <Space wrap>
        {extra}
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Space>
    </Flex>
  );
}

interface RowActionsProps {
  /** Names the buttons for screen readers: "Edit …", "Delete …". */
  editLabel: string;
  deleteLabel: string;
  deleteQuestion: string;
  deleteWarning?: string;
  onEdit: () => void;
  onDelete: () => unknown;
  size?: 'small' | 'middle';
}

export function RowActions({
  editLabel,
  deleteLabel,
  deleteQuestion,
  deleteWarning,
  onEdit,
  onDelete,
  size,
}: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={size === 'small' ? 4 : 8}>
      <Button size={size} icon={<EditOutlined />} aria-label={editLabel} title={editLabel} onClick={onEdit} />
      <Popconfirm
        title={deleteQuestion}
        description={deleteWarning}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onDelete()}
      >
        <Button size={size} danger icon={<DeleteOutlined />} aria-label={deleteLabel} title={deleteLabel} />
      </Popconfirm>
    </Space>
  );
}

/** A table's empty text: nothing while the first load runs, else the reason and the way to the first row. */
export function emptyList(pending: boolean, description: string, action?: { label: string; onClick: () => void }) {
  if (pending) return ' ';
  return (
    <Empty description={description}>
      {action && (
        <Button type="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Empty>
  );
}

interface FormModalProps {
  open: boolean;
  title: ReactNode;
  form: FormInstance;
  saving: boolean;
  onClose: () => void;
  width?: number;
  /** The submit button's words (default Save) and whether it is a destructive action. */
  okText?: string;
  danger?: boolean;
  children: ReactNode;
}

/** A dialog whose Save submits its form; closing it forgets what was typed. */
export function FormModal({ open, title, form, saving, onClose, width, okText, danger, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.save')}
      okButtonProps={{ danger }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
