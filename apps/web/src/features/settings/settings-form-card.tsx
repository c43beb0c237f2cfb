import type { CompanyPublic, CompanySettingsUpdate } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Switch, Typography, theme } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveForm } from '../courses/form-errors';
import { useSaveCompanySettings } from './settings-api';

interface SettingsFormCardProps<T extends object, C extends CompanyPublic> {
  title: string;
  company: C;
  /** The form's fields, in the order the server names them in its errors. */
  fields: readonly (keyof T & string)[];
  valuesOf: (company: C) => T;
  /** What to send for these values; `saved` lets a card send only what changed. */
  toInput: (values: T, saved: T) => CompanySettingsUpdate;
  /** The server's policies.can_edit: without it the card shows the values and offers no save. */
  editable?: boolean;
  /** A question to confirm before saving these values (a change with consequences), or null. */
  confirmation?: (values: T, saved: T) => { title: string; content: string } | null;
  children: ReactNode;
}

/**
 * One card of the settings page: its own form, saved on its own (PUT /company/{id}/datas with its
 * fields only), Save enabled once something changed, Undo back to what the server has.
 */
export function SettingsFormCard<T extends object, C extends CompanyPublic = CompanyPublic>({
  title,
  company,
  fields,
  valuesOf,
  toInput,
  editable = true,
  confirmation,
  children,
}: SettingsFormCardProps<T, C>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<T>();
  const [saved, setSaved] = useState(() => valuesOf(company));
  const current = Form.useWatch([], form) as Partial<T> | undefined;
  const save = useSaveCompanySettings(company.id);
  const dirty = fields.some((field) => current?.[field] !== undefined && current[field] !== saved[field]);

  const store = (values: T) =>
    saveForm(t, message, form, () => save.mutateAsync(toInput(values, saved)), {
      fields,
      success: t('settings.saved'),
      onSaved: () => setSaved(values),
    });
  const submit = (values: T) => {
    const question = confirmation?.(values, saved);
    if (!question) return store(values);
    modal.confirm({ ...question, okText: t('settings.save'), onOk: () => store(values) });
  };

  return (
    <Card title={title}>
      <Form<T>
        form={form}
        layout="vertical"
        // antd types initial values loosely; these are the card's own values.
        initialValues={saved as never}
        onFinish={submit}
        requiredMark={false}
        disabled={!editable}
      >
        {children}
        {editable && (
          <Flex justify="flex-end" gap={8} wrap>
            <Button disabled={!dirty || save.isPending} onClick={() => form.setFieldsValue(saved as never)}>
              {t('settings.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
              {t('settings.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}

/** A switch with its name and what it does, the switch at the end of the line. */
export function SwitchRow({ name, label, help }: { name: string; label: string; help: string }) {
  const labelId = useId();
  const { token } = theme.useToken();
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={16}
      style={{ paddingBlock: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong id={labelId}>
          {label}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          {help}
        </Typography.Paragraph>
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-labelledby={labelId} style={{ flex: 'none', marginTop: 2 }} />
      </Form.Item>
    </Flex>
  );
}
