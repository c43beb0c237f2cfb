import { SMS_TO, type SmsAudience, type SmsPreview, type SmsSend } from '@crm/contracts';
import { Alert, Button, Flex, Form, Modal, Radio, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { useIdempotencyKey } from '../finance/idempotency';
import { useSendSms, useSmsTemplates } from './sms-api';
import { SmsPreviewView } from './sms-preview-view';
import { SmsTextField } from './sms-text-field';

export interface SmsComposerProps {
  open: boolean;
  onClose: () => void;
  audience: SmsAudience;
  /** Who it goes to, as the page names them ("Karimov Aziz", "ENG-7", "Debtors"). */
  audienceLabel: string;
  /** The branch the list was drawn in (spec §7 branch_id). */
  branchId?: number;
  /** Whose phone is proposed: the student's (default), or his parent's when written from the parents' card. */
  to?: (typeof SMS_TO)[number];
}

interface ComposerValues {
  template_id?: number;
  to: (typeof SMS_TO)[number];
  text: string;
}

type Step =
  | { kind: 'write' }
  | { kind: 'preview'; body: SmsSend; preview: SmsPreview }
  | { kind: 'sent'; count: number };

/**
 * Writing an SMS (spec §2 student profile SMS, and the group, debtors, student list and lead): a template or
 * one's own text, the preview of who gets what and who is left out, then the send. The body lives only while
 * the dialog is open, so each opening has its own Idempotency-Key: a double click or a retry sends once.
 */
export function SmsComposer(props: SmsComposerProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('sms.composer.title')}
      onCancel={props.onClose}
      destroyOnHidden
      footer={null}
      width={640}
    >
      {props.open && <ComposerBody {...props} />}
    </Modal>
  );
}

function ComposerBody({ audience, audienceLabel, branchId, to = 'student', onClose }: SmsComposerProps) {
  const { t } = useTranslation();
  const key = useIdempotencyKey();
  const [form] = Form.useForm<ComposerValues>();
  const [step, setStep] = useState<Step>({ kind: 'write' });
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useSmsTemplates();
  const { preview, send } = useSendSms();
  const isLead = audience.kind === 'lead';

  /** A refusal: a field's problem under the field (back on the text), anything else above the dialog's body. */
  const refuse = (error: unknown) => {
    if (isHandledGlobally(error)) return;
    if (error instanceof ApiError && error.code === 'sms_unknown_variable') {
      setStep({ kind: 'write' });
      form.setFields([{ name: 'text', errors: [errorMessage(t, error)] }]);
      return;
    }
    if (error instanceof ApiError && showFieldErrors(t, form, ['text', 'to'], error)) {
      setStep({ kind: 'write' });
      return;
    }
    setProblem(errorMessage(t, error));
  };

  const ask = async (values: ComposerValues) => {
    setProblem(null);
    const body: SmsSend = {
      audience,
      to: isLead ? 'student' : values.to,
      text: values.text.trim(),
      template_id: values.template_id,
      branch_id: branchId,
    };
    try {
      setStep({ kind: 'preview', body, preview: await preview.mutateAsync(body) });
    } catch (error) {
      refuse(error);
    }
  };

  const confirm = async (body: SmsSend) => {
    setProblem(null);
    try {
      const sent = await send.mutateAsync({ body, key });
      setStep({ kind: 'sent', count: sent.messages });
    } catch (error) {
      refuse(error);
    }
  };

  if (step.kind === 'sent') {
    return (
      <Result
        status="success"
        title={t('sms.composer.sent', { count: step.count })}
        extra={
          <Button type="primary" onClick={onClose}>
            {t('sms.composer.close')}
          </Button>
        }
      />
    );
  }

  const templateOptions = (templates.data?.data ?? []).map((template) => ({
    value: template.id,
    label: template.title,
  }));
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {t('sms.composer.to')} <strong>{audienceLabel}</strong>
      </Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} />}
      {/* The form stays mounted under the preview, so "Back" finds the text as it was. */}
      <Form<ComposerValues>
        form={form}
        name="sms-composer"
        layout="vertical"
        initialValues={{ to, text: '' }}
        onFinish={ask}
        requiredMark={false}
        style={step.kind === 'write' ? undefined : { display: 'none' }}
      >
        {templateOptions.length > 0 && (
          <Form.Item name="template_id" label={t('sms.composer.template')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('sms.composer.templatePlaceholder')}
              options={templateOptions}
              onChange={(id: number | undefined) => {
                const template = templates.data?.data.find((item) => item.id === id);
                if (template) form.setFieldValue('text', template.text);
              }}
            />
          </Form.Item>
        )}
        {!isLead && (
          <Form.Item name="to" label={t('sms.composer.sendTo')}>
            <Radio.Group
              optionType="button"
              options={SMS_TO.map((to) => ({ value: to, label: t(`sms.composer.toOptions.${to}`) }))}
            />
          </Form.Item>
        )}
        <SmsTextField label={t('sms.composer.text')} />
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={preview.isPending}>
            {t('sms.composer.preview')}
          </Button>
        </Flex>
      </Form>
      {step.kind === 'preview' && (
        <>
          <SmsPreviewView preview={step.preview} />
          <Flex justify="flex-end" gap={8} wrap>
            <Button onClick={() => setStep({ kind: 'write' })}>{t('sms.composer.back')}</Button>
            <Button
              type="primary"
              disabled={step.preview.messages === 0}
              loading={send.isPending}
              onClick={() => confirm(step.body)}
            >
              {t('sms.composer.send', { count: step.preview.messages })}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
