import { ArrowDownOutlined, ArrowUpOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { CallRecord, CallType } from '@crm/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CallButton } from './call-button';
import { matchPath } from './phone-numbers';
import { RecordPlayer } from './record-player';

/** Spec §4 call types in logs, each with its mark. */
const TYPE_MARK: Record<CallType, { color: string; icon: ReactNode }> = {
  outbound: { color: 'blue', icon: <ArrowUpOutlined /> },
  inbound: { color: 'green', icon: <ArrowDownOutlined /> },
  missed: { color: 'red', icon: <ExclamationCircleOutlined /> },
  not_answered: { color: 'orange', icon: <CloseCircleOutlined /> },
};

export const CallTypeTag = ({ type, t }: { type: CallType; t: TFunction }) => (
  <Tag color={TYPE_MARK[type].color} icon={TYPE_MARK[type].icon} style={{ marginInlineEnd: 0 }}>
    {t(`telephony.types.${type}`)}
  </Tag>
);

/** 75 → "1:15", 3725 → "1:02:05". */
export function durationText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

const startText = (call: CallRecord) => dayjs(call.started_at).format('DD.MM.YYYY HH:mm');

/** The call log's columns: type, number (with a call back), who, extension, start, duration and the recording. */
export function callLogColumns(t: TFunction): ColumnsType<CallRecord> {
  return [
    { key: 'type', title: t('telephony.log.type'), render: (_, call) => <CallTypeTag type={call.type} t={t} /> },
    {
      key: 'number',
      title: t('telephony.log.number'),
      render: (_, call) => (
        <Flex gap={6} align="center" style={{ whiteSpace: 'nowrap' }}>
          {call.number}
          <CallButton phone={call.number} />
        </Flex>
      ),
    },
    {
      key: 'who',
      title: t('telephony.log.who'),
      render: (_, call) =>
        call.match ? (
          <Flex gap={6} align="center" wrap>
            <Link to={matchPath(call.match)}>{call.match.name}</Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`telephony.match.${call.match.role}`)}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    { key: 'extension', title: t('telephony.log.extension'), render: (_, call) => call.extension ?? '—' },
    {
      key: 'started',
      title: t('telephony.log.started'),
      render: (_, call) => <span style={{ whiteSpace: 'nowrap' }}>{startText(call)}</span>,
    },
    { key: 'duration', title: t('telephony.log.duration'), render: (_, call) => durationText(call.duration) },
    {
      key: 'record',
      title: t('telephony.log.record'),
      render: (_, call) =>
        call.has_record ? (
          <RecordPlayer
            uuid={call.uuid}
            label={t('telephony.log.playLabel', { number: call.number, time: startText(call) })}
          />
        ) : null,
    },
  ];
}
