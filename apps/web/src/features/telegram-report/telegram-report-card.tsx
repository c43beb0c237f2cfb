import { TELEGRAM_CHAT_ID_PATTERN, type TelegramReportSettings, telegramReportSettingsSchema } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { runAction, saveForm } from '../courses/form-errors';
import { dateText } from '../users/people-kinds';
import { useSaveTelegramReport, useSendTestReport, useTelegramReport } from './telegram-report-api';

/**
 * Spec §3 "telegram report id" (issue 15): the chat the daily report goes to when the working day ends, a test
 * report on demand, and how the last one went. The server says whether it has a bot at all.
 */
export function TelegramReportCard() {
  const { t } = useTranslation();
  const report = useTelegramReport();
  // Read defensively: an answer of another shape must never break the settings page around the card.
  const parsed = telegramReportSettingsSchema.safeParse(report.data);
  const data = parsed.success ? parsed.data : undefined;

  let body: ReactNode;
  if (report.isError) {
    body = isHandledGlobally(report.error) ? null : (
      <Typography.Text type="danger">{errorMessage(t, report.error)}</Typography.Text>
    );
  } else if (report.data === undefined) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (!data) {
    body = null;
  } else {
    body = <ReportSettings settings={data} />;
  }
  const on = data?.bot_configured && data.chat_id !== null;
  return (
    <Card
      id="telegram-report"
      title={t('telegramReport.title')}
      extra={data && (on ? <Tag color="green">{t('telegramReport.on')}</Tag> : <Tag>{t('telegramReport.off')}</Tag>)}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('telegramReport.about')}</Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}

function ReportSettings({ settings }: { settings: TelegramReportSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ chat_id: string }>();
  const save = useSaveTelegramReport();
  const sendTest = useSendTestReport();
  const editable = settings.policies.edit;
  useEffect(() => form.setFieldsValue({ chat_id: settings.chat_id ?? '' }), [form, settings.chat_id]);

  const store = (chatId: string | null, success: string) =>
    saveForm(t, message, form, () => save.mutateAsync({ chat_id: chatId }), {
      fields: ['chat_id'],
      success,
      onSaved: () => undefined,
    });
  const test = () => runAction(t, message, () => sendTest.mutateAsync(), t('telegramReport.testSent'));

  return (
    <>
      {!settings.bot_configured && (
        <Alert type="warning" showIcon title={t('telegramReport.noBot')} description={t('telegramReport.noBotHelp')} />
      )}
      {settings.last_failure && (
        <Alert
          type="error"
          showIcon
          title={t('telegramReport.failed', { date: dayjs(settings.last_failure.at).format('DD.MM.YYYY HH:mm') })}
          description={settings.last_failure.reason}
        />
      )}
      <Typography.Text>
        {settings.last_sent
          ? t('telegramReport.lastSent', {
              day: dateText(settings.last_sent.day),
              at: dayjs(settings.last_sent.sent_at).format('DD.MM.YYYY HH:mm'),
            })
          : t('telegramReport.neverSent')}
      </Typography.Text>
      <Form<{ chat_id: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        autoComplete="off"
        disabled={!editable}
        initialValues={{ chat_id: settings.chat_id ?? '' }}
        onFinish={(values) => store(values.chat_id.trim(), t('telegramReport.saved'))}
      >
        <Form.Item
          name="chat_id"
          label={t('telegramReport.chatId')}
          extra={<ChatIdHelp />}
          rules={[
            { required: true, whitespace: true, message: t('telegramReport.chatIdRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || TELEGRAM_CHAT_ID_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('telegramReport.chatIdInvalid'))),
            },
          ]}
        >
          <Input placeholder="-1001234567890" inputMode="text" style={{ maxWidth: 320 }} />
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          {settings.chat_id !== null && (
            <Popconfirm
              title={t('telegramReport.turnOffQuestion')}
              description={t('telegramReport.turnOffWarning')}
              okText={t('telegramReport.turnOff')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => store(null, t('telegramReport.turnedOff'))}
            >
              <Button danger>{t('telegramReport.turnOff')}</Button>
            </Popconfirm>
          )}
          <Button
            onClick={() => test()}
            loading={sendTest.isPending}
            disabled={!editable || !settings.bot_configured || settings.chat_id === null}
          >
            {t('telegramReport.sendTest')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('telegramReport.save')}
          </Button>
        </Flex>
      </Form>
    </>
  );
}

/** How a centre finds its group's id: Telegram shows it nowhere in its own apps. */
function ChatIdHelp() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: '4px 0 0' }}>
      {t('telegramReport.help.intro')}
      <ol style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
        <li>{t('telegramReport.help.addBot')}</li>
        <li>{t('telegramReport.help.findId')}</li>
        <li>{t('telegramReport.help.channel')}</li>
      </ol>
    </Typography.Paragraph>
  );
}
