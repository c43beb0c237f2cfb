import type { LedgerEntry } from '@crm/contracts';
import { Alert, App, Button, Descriptions, Flex, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { dateText } from '../groups/dates';
import { useIdempotencyKey } from './idempotency';
import { useMoneyMutations } from './money-api';
import { placeRefusal, ReasonField } from './money-fields';
import { Money } from './money-text';

/**
 * Cancelling a payment or a write-off (DELETE /payment/{id}, /write-off/{id}): the dialog is the
 * confirmation. It names what is cancelled and asks why; the entry stays in the ledger, struck through,
 * and a reversal with the reason takes its amount back.
 */
export function CancelEntryDialog({ entry, onClose }: { entry: LedgerEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = entry?.kind === 'write_off' ? 'writeOff' : 'payment';
  return (
    <Modal
      open={entry !== null}
      title={entry ? t(`finance.cancel.title.${kind}`, { id: entry.id }) : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {entry && <CancelForm entry={entry} kind={kind} onClose={onClose} />}
    </Modal>
  );
}

function CancelForm({ entry, kind, onClose }: { entry: LedgerEntry; kind: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const key = useIdempotencyKey();
  const { cancel } = useMoneyMutations();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async ({ reason }: { reason: string }) => {
    setProblem(null);
    try {
      await cancel.mutateAsync({ entry, reason: reason.trim(), key });
      message.success(t(`finance.cancel.done.${kind}`));
      onClose();
    } catch (error) {
      if (!placeRefusal(t, form, error) && !isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} disabled={cancel.isPending}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'student', label: t('finance.columns.student'), children: entry.student?.name ?? '—' },
          { key: 'amount', label: t('finance.columns.amount'), children: <Money amount={Math.abs(entry.amount)} /> },
          { key: 'date', label: t('finance.columns.date'), children: dateText(entry.date) },
        ]}
      />
      <Alert type="warning" showIcon title={t('finance.cancel.warning')} style={{ marginBlock: 16 }} />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <ReasonField label={t('finance.cancel.reason')} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose} disabled={false}>
          {t('finance.cancel.keep')}
        </Button>
        <Button type="primary" danger htmlType="submit" loading={cancel.isPending}>
          {t(`finance.cancel.submit.${kind}`)}
        </Button>
      </Flex>
    </Form>
  );
}
