import { MessageOutlined } from '@ant-design/icons';
import type { SmsAudience, UserSelection } from '@crm/contracts';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { LazySmsComposer, useMayWriteSms } from './write-sms-button';

type ListQuery = Record<string, string | number | boolean | undefined>;

/** The list's filters as POST /user/all reads them: no paging or order, no empty values (spec §7). */
const selectionBody = (query: ListQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([name, value]) => name !== 'sort_by_name' && value !== undefined && value !== ''),
  );

/**
 * "Write SMS" on the student list (spec §2): to the students ticked, or with none ticked to every student
 * the filters find (POST /user/all gives their ids, the list's "select all" beyond one page).
 */
export function StudentListSms({
  selected,
  query,
  total,
}: {
  selected: readonly number[];
  /** The list's GET /user query (its filters). */
  query: ListQuery;
  total: number | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = useMayWriteSms();
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState<{ audience: SmsAudience; label: string } | null>(null);
  const [open, setOpen] = useState(false);
  if (!may) return null;

  const openFor = (ids: readonly number[]) => {
    setTarget({
      audience: { kind: 'students', student_ids: [...ids] },
      label: t('sms.audience.students', { count: ids.length }),
    });
    setOpen(true);
  };

  const writeToAllFound = async () => {
    setBusy(true);
    try {
      const found = await apiRequest<UserSelection>('/user/all', { method: 'POST', body: selectionBody(query) });
      if (!found.ids.length) message.info(t('sms.audience.nobodyFound'));
      else {
        if (found.truncated)
          message.warning(t('sms.audience.truncated', { count: found.ids.length, total: found.total }));
        openFor(found.ids);
      }
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<MessageOutlined />}
        loading={busy}
        disabled={!selected.length && !total}
        onClick={() => (selected.length ? openFor(selected) : writeToAllFound())}
      >
        {selected.length
          ? t('sms.writeSelected', { count: selected.length })
          : t('sms.writeAllFound', { count: total ?? 0 })}
      </Button>
      <LazySmsComposer
        open={open}
        onClose={() => setOpen(false)}
        audience={target?.audience ?? null}
        audienceLabel={target?.label ?? ''}
      />
    </>
  );
}
