import { authRoutes, passwordChangeSchema } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';

interface PasswordForm {
  current_password: string;
  password: string;
  repeat: string;
}

const FIELDS = ['current_password', 'password'] as const;
const shape = passwordChangeSchema.shape;

/**
 * One's own password, changed from the profile (issue 13 §5): the current one is required, the new one
 * follows the server's rules (length here, the common-password and phone checks there), and the other
 * devices are signed out by the server; this one stays signed in.
 */
export function OwnPasswordButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<PasswordForm>();
  const change = useMutation({
    mutationFn: ({ current_password, password }: PasswordForm) =>
      api(authRoutes.changeOwnPassword, { body: { current_password, password } }),
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      void message.success(t('users.password.done'));
    },
    onError: (error) => {
      if (error instanceof ApiError && showFieldErrors(t, form, FIELDS, error)) return;
      if (!isHandledGlobally(error)) void message.error(errorMessage(t, error));
    },
  });

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('users.password.change')}</Button>
      <Modal
        open={open}
        title={t('users.password.change')}
        okText={t('users.password.save')}
        onOk={() => form.submit()}
        confirmLoading={change.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('users.password.hint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(values) => change.mutate(values)} requiredMark={false}>
          <Form.Item
            name="current_password"
            label={t('users.password.current')}
            rules={[schemaRule(t, shape.current_password)]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="password" label={t('users.password.next')} rules={[schemaRule(t, shape.password)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="repeat"
            label={t('users.password.repeat')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: unknown) => {
                  if (value !== getFieldValue('password')) throw new Error(t('users.password.differ'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
