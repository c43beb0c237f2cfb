import { addDays, CALL_HISTORY_DAYS, CALL_TYPES, type CallType, daysBetween } from '@crm/contracts';
import { Alert, DatePicker, Empty, Flex, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import type { Period } from '../../shared/ui/period-picker';
import { callLogColumns } from './call-log-columns';
import { telephonyErrorText, useCallHistory } from './telephony-api';

const ISO = 'YYYY-MM-DD';

/** Spec §9: the call log opens on the last week, today included. */
export const lastWeek = (today = companyToday()): Period => ({
  from: addDays(today, -(CALL_HISTORY_DAYS - 1)),
  till: today,
});

/**
 * Whether the range picker refuses a day: after today, or more than a week (spec §9) from the day picked first —
 * the server answers at most CALL_HISTORY_DAYS days.
 */
export function outsideWeek(day: string, pickedFirst: string | null, today: string): boolean {
  if (day > today) return true;
  return pickedFirst !== null && Math.abs(daysBetween(pickedFirst, day)) >= CALL_HISTORY_DAYS;
}

type TypeFilter = CallType | 'all';

/**
 * Spec §2 call: the calls of a week at most (the last one by default), typed (spec §4: outbound, inbound, missed,
 * not answered), with who the number belongs to and the recording. Spec §8: when OnlinePBX fails the log is empty,
 * and said so.
 */
export function CallLogPage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const today = companyToday();
  const [period, setPeriod] = useState<Period>(() => lastWeek(today));
  const [type, setType] = useState<TypeFilter>('all');
  const history = useCallHistory({ ...period, branch_id: branch ?? undefined });
  const columns = useMemo(() => callLogColumns(t), [t]);
  const calls = history.data?.data ?? [];
  const shown = type === 'all' ? calls : calls.filter((call) => call.type === type);
  const notConfigured = history.error instanceof ApiError && history.error.code === 'voip_not_configured';

  const toolbar = (
    <Flex wrap gap={8}>
      <DatePicker.RangePicker
        aria-label={t('telephony.log.period')}
        allowClear={false}
        value={[dayjs(period.from), dayjs(period.till)]}
        format="DD.MM.YYYY"
        disabledDate={(day: Dayjs, info) => outsideWeek(day.format(ISO), info.from?.format(ISO) ?? null, today)}
        onChange={(range) =>
          range?.[0] && range[1] && setPeriod({ from: range[0].format(ISO), till: range[1].format(ISO) })
        }
        style={{ width: 250, maxWidth: '100%' }}
      />
      <Select<TypeFilter>
        aria-label={t('telephony.log.typeFilter')}
        value={type}
        onChange={setType}
        options={[
          { value: 'all', label: t('telephony.log.allTypes') },
          ...CALL_TYPES.map((value) => ({ value, label: t(`telephony.types.${value}`) })),
        ]}
        style={{ width: 180 }}
      />
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('telephony.log.title')}
      </Typography.Title>
      {notConfigured ? (
        <Empty description={t('telephony.log.notConfigured')} />
      ) : (
        <>
          {toolbar}
          {history.isError && !isHandledGlobally(history.error) && (
            <Alert type="error" showIcon title={telephonyErrorText(t, history.error)} />
          )}
          {history.data?.reachable === false && (
            <Alert type="warning" showIcon title={t('telephony.log.unreachable')} />
          )}
          <Table
            rowKey="uuid"
            columns={columns}
            dataSource={shown}
            loading={history.isPending && !history.isError}
            locale={{ emptyText: t(type === 'all' ? 'telephony.log.empty' : 'telephony.log.emptyOfType') }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </Flex>
  );
}
