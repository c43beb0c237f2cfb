import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { SmsTemplate } from '@crm/contracts';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { runAction, saveForm } from '../courses/form-errors';
import { useSmsTemplates, useTemplateMutations } from './sms-api';
import { SmsTextCell, useSmsTime } from './sms-parts';
import { SmsTextField } from './sms-text-field';

type Editing = { mode: 'create' } | { mode: 'edit'; template: SmsTemplate } | null;

/** Spec §3 SMS templates: the texts the composer offers; who may change them is the server's answer. */
export function SmsTemplatesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const templates = useSmsTemplates();
  const { remove } = useTemplateMutations();
  const time = useSmsTime();
  const [editing, setEditing] = useState<Editing>(null);
  const mayCreate = templates.data?.policies.create === true;

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
      {t('sms.templates.add')}
    </Button>
  );
  return (
    <Flex vertical gap={12}>
      {mayCreate && <Flex justify="flex-end">{add}</Flex>}
      {templates.isError && !isHandledGlobally(templates.error) && (
        <Alert type="error" showIcon title={errorMessage(t, templates.error)} />
      )}
      <Table<SmsTemplate>
        rowKey="id"
        size="small"
        loading={templates.isPending}
        dataSource={templates.data?.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: templates.isPending ? ' ' : <Empty description={t('sms.templates.empty')} /> }}
        columns={[
          { title: t('sms.templates.name'), dataIndex: 'title', key: 'title' },
          {
            title: t('sms.templates.text'),
            key: 'text',
            render: (_, template) => <SmsTextCell text={template.text} />,
          },
          { title: t('sms.templates.updated'), key: 'updated', render: (_, template) => time(template.updated_at) },
          {
            title: '',
            key: 'actions',
            render: (_, template) => (
              <Flex gap={4}>
                {template.policies.edit && (
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('sms.templates.editNamed', { name: template.title })}
                    onClick={() => setEditing({ mode: 'edit', template })}
                  />
                )}
                {template.policies.delete && (
                  <Popconfirm
                    title={t('sms.templates.deleteQuestion', { name: template.title })}
                    description={t('sms.templates.deleteHint')}
                    okText={t('common.delete')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      runAction(t, message, () => remove.mutateAsync(template.id), t('sms.templates.deleted'))
                    }
                  >
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('sms.templates.deleteNamed', { name: template.title })}
                    />
                  </Popconfirm>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <TemplateModal editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}

function TemplateModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={editing !== null}
      title={t(editing?.mode === 'edit' ? 'sms.templates.edit' : 'sms.templates.add')}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={600}
    >
      {editing && <TemplateForm editing={editing} onClose={onClose} />}
    </Modal>
  );
}

function TemplateForm({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; text: string }>();
  const { create, update } = useTemplateMutations();
  const template = editing.mode === 'edit' ? editing.template : null;
  const submit = (values: { title: string; text: string }) => {
    const body = { title: values.title.trim(), text: values.text.trim() };
    return saveForm(
      t,
      message,
      form,
      () => (template ? update.mutateAsync({ id: template.id, ...body }) : create.mutateAsync(body)),
      {
        fields: ['title', 'text'],
        fieldOfCode: { sms_unknown_variable: 'text' },
        success: t(template ? 'sms.templates.saved' : 'sms.templates.added'),
        onSaved: onClose,
      },
    );
  };
  return (
    <Form
      form={form}
      name="sms-template"
      layout="vertical"
      requiredMark={false}
      initialValues={{ title: template?.title ?? '', text: template?.text ?? '' }}
      onFinish={submit}
    >
      <Form.Item
        name="title"
        label={t('sms.templates.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 100 }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <SmsTextField label={t('sms.templates.text')} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
