import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { useTransferTargets } from '../groups/groups-api';
import { useSendAudit } from './forms-api';

/** "Send to groups": an audit form has no public address; each student gets a personal link by SMS. */
export function SendAuditButton({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        {t('forms.audit.send')}
      </Button>
      {/* Drawn only while open: each opening starts with no group chosen and no result. */}
      {open && <SendAuditModal formId={formId} onClose={() => setOpen(false)} />}
    </>
  );
}

function SendAuditModal({ formId, onClose }: { formId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { branch } = useSession();
  // The running groups of the branch chosen in the header, as a transfer offers them.
  const groups = useTransferTargets(branch ?? 0, branch !== null);
  const [chosen, setChosen] = useState<number[]>([]);
  const send = useSendAudit(formId);
  const result = send.data;

  return (
    <Modal
      open
      title={t('forms.audit.sendTitle')}
      onCancel={onClose}
      footer={
        result ? (
          <Button onClick={onClose}>{t('forms.audit.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={chosen.length === 0}
              loading={send.isPending}
              onClick={() => send.mutate(chosen)}
            >
              {t('forms.audit.sendAction')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Result
          status="success"
          title={t('forms.audit.sent', { count: result.sent })}
          subTitle={result.skipped > 0 ? t('forms.audit.skipped', { count: result.skipped }) : undefined}
        />
      ) : (
        <Form layout="vertical" component="div">
          <Typography.Paragraph type="secondary">{t('forms.audit.explain')}</Typography.Paragraph>
          <Form.Item label={t('forms.audit.groups')} htmlFor="audit-groups" style={{ marginBottom: 8 }}>
            <Select
              id="audit-groups"
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={groups.isPending && branch !== null}
              placeholder={t('forms.audit.groupsPlaceholder')}
              value={chosen}
              onChange={setChosen}
              options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.title }))}
              maxCount={200}
            />
          </Form.Item>
          {send.isError && !isHandledGlobally(send.error) && (
            <Alert type="error" showIcon role="alert" title={errorMessage(t, send.error)} />
          )}
        </Form>
      )}
    </Modal>
  );
}
