import { LinkOutlined } from '@ant-design/icons';
import { type OnlineProvider, SMS_TO, toMinorUnits, type UserProfile } from '@crm/contracts';
import { Alert, App, Button, Flex, Form, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useCurrency } from '../courses/money';
import { AmountField, placeRefusal } from '../finance/money-fields';
import { type PaymentLinkInput, useSendPaymentLink, useStudentCheckouts } from './online-payments-api';
import { groupsToPayFor } from './payment-targets';
import { ProviderField } from './provider-choice';

type Person = Pick<UserProfile, 'id' | 'name' | 'groups'>;

/**
 * Issue 17 on the student's profile: staff send the student (or his parent) an SMS with a link to pay online.
 * Shown only when the server says this user may (policies.can_send_link: the centre has a provider, and the
 * caller takes money for students).
 */
export function SendPaymentLinkButton({ student }: { student: Person }) {
  const { t } = useTranslation();
  const checkouts = useStudentCheckouts(student.id);
  const [open, setOpen] = useState(false);
  if (!checkouts.data?.policies.can_send_link) return null;
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('onlinePayments.link.open')}
      </Button>
      {open && (
        <PaymentLinkModal student={student} providers={checkouts.data.providers} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

interface LinkValues {
  amount: number | null;
  group_id?: number | null;
  provider?: OnlineProvider;
  to: (typeof SMS_TO)[number];
}

export function PaymentLinkModal({
  student,
  providers,
  onClose,
}: {
  student: Person;
  providers: readonly OnlineProvider[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [form] = Form.useForm<LinkValues>();
  const send = useSendPaymentLink(student.id);
  const sent = send.data;
  const groups = groupsToPayFor(student.groups);

  const submit = async ({ amount, group_id, provider, to }: LinkValues) => {
    if (amount === null || !provider) return;
    const body: PaymentLinkInput = {
      student_id: student.id,
      ...(group_id ? { group_id } : {}),
      provider,
      amount: toMinorUnits(amount, currency),
      to,
    };
    try {
      await send.mutateAsync(body);
    } catch (error) {
      if (!placeRefusal(t, form, error) && !isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open
      title={t('onlinePayments.link.title', { name: student.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        sent ? (
          <Button type="primary" onClick={onClose}>
            {t('onlinePayments.link.done')}
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={send.isPending} onClick={() => form.submit()}>
              {t('onlinePayments.link.send')}
            </Button>
          </Flex>
        )
      }
    >
      {sent ? (
        <Flex vertical gap={12}>
          <Alert
            type={sent.messages > 0 ? 'success' : 'warning'}
            showIcon
            title={
              sent.messages > 0
                ? t('onlinePayments.link.smsSent', { number: sent.messages })
                : t('onlinePayments.link.noSms')
            }
          />
          <Typography.Text type="secondary">{t('onlinePayments.link.address')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: sent.url }} style={{ wordBreak: 'break-all', margin: 0 }}>
            <Typography.Text code>{sent.url}</Typography.Text>
          </Typography.Paragraph>
        </Flex>
      ) : (
        <Form<LinkValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ amount: null, group_id: null, provider: providers[0], to: 'both' }}
          onFinish={submit}
        >
          <AmountField autoFocus />
          <Form.Item name="group_id" label={t('onlinePayments.form.group')}>
            <Select
              allowClear
              placeholder={t('onlinePayments.link.noGroup')}
              options={groups.map((group) => ({ value: group.id, label: group.name }))}
            />
          </Form.Item>
          <ProviderField providers={providers} />
          <Form.Item name="to" label={t('onlinePayments.link.to')}>
            <Radio.Group
              optionType="button"
              options={SMS_TO.map((to) => ({ value: to, label: t(`onlinePayments.link.recipients.${to}`) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
