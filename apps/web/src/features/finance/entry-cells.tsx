import { CloseCircleOutlined, EditOutlined, MoreOutlined, PrinterOutlined } from '@ant-design/icons';
import type { LedgerEntry } from '@crm/contracts';
import { Button, Dropdown, Flex, type MenuProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateText } from '../groups/dates';
import { receiptPath } from './money-dialog';
import { canCancel, canEdit, isCancelled } from './money-text';

/** What a row's menu asks the page to open. */
export interface EntryActionHandlers {
  onEdit: (entry: LedgerEntry) => void;
  onCancel: (entry: LedgerEntry) => void;
}

/** The date the money moved, with the moment it was booked underneath when that was another day. */
export function EntryDate({ entry }: { entry: LedgerEntry }) {
  const booked = dateText(entry.created_at);
  const date = dateText(entry.date);
  return (
    <Flex vertical>
      <Typography.Text delete={isCancelled(entry)} style={{ whiteSpace: 'nowrap' }}>
        {date}
      </Typography.Text>
      {booked !== date && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {booked}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A payment or write-off that no longer counts (cancelled, or replaced by an edit). */
export function CancelledTag() {
  const { t } = useTranslation();
  return (
    <Tag color="red" style={{ marginInlineEnd: 0 }}>
      {t('finance.ledger.cancelled')}
    </Tag>
  );
}

/** The kind of movement; a cancelled entry says so and why, a correction names the entry it reverses. */
export function EntryKind({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const { reversal } = entry;
  return (
    <Flex vertical align="flex-start" gap={4}>
      <Typography.Text delete={isCancelled(entry)}>{t(`finance.kinds.${entry.kind}`)}</Typography.Text>
      {isCancelled(entry) && <CancelledTag />}
      {entry.reverses_id !== null && (
        <Tag style={{ marginInlineEnd: 0 }}>{t('finance.ledger.reverses', { id: entry.reverses_id })}</Tag>
      )}
      {reversal?.reason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('finance.ledger.reason', { reason: reversal.reason })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The comment, and the reason of a correction or an edited payment. */
export function EntryNote({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  if (!entry.comment && !entry.reason) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical style={{ maxWidth: 280 }}>
      {entry.comment && <span style={{ whiteSpace: 'pre-wrap' }}>{entry.comment}</span>}
      {entry.reason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('finance.ledger.reason', { reason: entry.reason })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A row's menu: the receipt of a payment, and the corrections the entry still allows. */
export function EntryActions({ entry, onEdit, onCancel }: { entry: LedgerEntry } & EntryActionHandlers) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    ...(entry.kind === 'payment' && entry.reverses_id === null
      ? [{ key: 'receipt', icon: <PrinterOutlined />, label: t('finance.actions.receipt') }]
      : []),
    ...(canEdit(entry) ? [{ key: 'edit', icon: <EditOutlined />, label: t('finance.actions.edit') }] : []),
    ...(canCancel(entry)
      ? [{ key: 'cancel', icon: <CloseCircleOutlined />, danger: true, label: t('finance.actions.cancel') }]
      : []),
  ];
  if (!items.length) return null;
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'receipt') navigate(receiptPath(entry.id));
    if (key === 'edit') onEdit(entry);
    if (key === 'cancel') onCancel(entry);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('finance.actions.menu', { id: entry.id })}
        title={t('finance.actions.menu', { id: entry.id })}
      />
    </Dropdown>
  );
}
