import type { CallRecord } from '@crm/contracts';
import { canAccess } from '@crm/contracts';
import { Alert, Empty, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { CallTypeTag, durationText } from './call-log-columns';
import { RecordPlayer } from './record-player';
import { telephonyErrorText, useCallHistory, useVoipMe } from './telephony-api';

/**
 * A person's or a lead's calls of the last week (issue 22: "a lead's and a student's profile show their calls"):
 * the call log for his number, searched with the country code and bare (spec §7).
 */
export function PersonCalls({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const history = useCallHistory({ phone });
  const columns: ColumnsType<CallRecord> = [
    { key: 'type', title: t('telephony.log.type'), render: (_, call) => <CallTypeTag type={call.type} t={t} /> },
    {
      key: 'start',
      title: t('telephony.log.started'),
      render: (_, call) => dayjs(call.started_at).format('DD.MM.YYYY HH:mm'),
    },
    { key: 'duration', title: t('telephony.log.duration'), render: (_, call) => durationText(call.talk_seconds) },
    { key: 'extension', title: t('telephony.log.extension'), render: (_, call) => call.extension ?? '—' },
    {
      key: 'record',
      title: '',
      render: (_, call) =>
        call.has_record ? (
          <RecordPlayer
            uuid={call.uuid}
            label={t('telephony.log.playLabel', {
              number: call.number,
              time: dayjs(call.started_at).format('DD.MM HH:mm'),
            })}
          />
        ) : null,
    },
  ];
  if (history.isError && !isHandledGlobally(history.error)) {
    return <Empty description={telephonyErrorText(t, history.error)} />;
  }
  return (
    <Flex vertical gap={8}>
      {history.data?.reachable === false && <Alert type="warning" showIcon title={t('telephony.log.unreachable')} />}
      <Table
        rowKey="uuid"
        size="small"
        columns={columns}
        dataSource={history.data?.data}
        loading={history.isPending && !history.isError}
        locale={{ emptyText: t('telephony.log.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}

/** Whether the calls tab shows: the viewer may read the call log (spec §6 `call`) and the company has telephony. */
export function useShowsCalls(): boolean {
  const { user } = useSession();
  const allowed = user ? canAccess('call', roleIdsOf(user)) : false;
  const me = useVoipMe();
  return allowed && me.data?.configured === true;
}
