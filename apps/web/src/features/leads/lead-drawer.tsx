import { InboxOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Lead } from '@crm/contracts';
import { App, Button, Descriptions, Drawer, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneText } from '../../shared/format/phone';
import { saveForm } from '../courses/form-errors';
import { dateText } from '../groups/dates';
import { RelatedReminders } from '../reminders/related-reminders';
import { WriteSmsButton } from '../sms/write-sms-button';
import { CallButton } from '../telephony/call-button';
import { PersonCalls, useShowsCalls } from '../telephony/person-calls';
import type { CardActions } from './board/card-actions';
import { columnName } from './board/card-actions';
import {
  type ColumnTitles,
  LEAD_FORM_FIELDS,
  LeadFormFields,
  type LeadFormValues,
  leadFormValuesOf,
  leadInputOf,
} from './lead-form-fields';
import { useLeadMutations } from './leads-api';

/** A card opened: what it is and where, its fields to edit (PUT /leadData/{id}), and its actions. */
export function LeadDrawer({
  lead,
  country,
  columnTitles,
  actions,
  onClose,
  onSaved,
}: {
  lead: Lead | null;
  country: string;
  /** The branch's own column titles: the drawer names the stage as the board does. */
  columnTitles: ColumnTitles;
  actions: CardActions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const showsCalls = useShowsCalls();
  const { message } = App.useApp();
  const [form] = Form.useForm<LeadFormValues>();
  const { update } = useLeadMutations();
  const save = (values: LeadFormValues) =>
    lead &&
    saveForm(t, message, form, () => update.mutateAsync({ id: lead.id, ...leadInputOf(values, country) }), {
      fields: LEAD_FORM_FIELDS,
      success: t('leads.form.updated'),
      onSaved: () => {
        onSaved();
        onClose();
      },
    });
  const after = (action: (lead: Lead) => void) => () => {
    if (!lead) return;
    onClose();
    action(lead);
  };
  return (
    <Drawer
      open={lead !== null}
      onClose={onClose}
      size="min(640px, 100vw)"
      title={lead?.name}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      {lead && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'phone',
                label: t('leads.fields.phone'),
                children: (
                  <Flex gap={6} align="center">
                    {phoneText(lead.phone, country)}
                    <CallButton phone={lead.phone} />
                  </Flex>
                ),
              },
              {
                key: 'column',
                label: t('leads.fields.column'),
                children: columnName(t, lead.column, columnTitles[lead.column]),
              },
              { key: 'created', label: t('leads.fields.created'), children: dateText(lead.created_at) },
            ]}
          />
          <Flex wrap gap={8}>
            {actions.toStudent && lead.column === 'set' && (
              <Button icon={<UserAddOutlined />} onClick={after(actions.toStudent)}>
                {t('leads.card.toStudent')}
              </Button>
            )}
            {actions.toBranch && (
              <Button icon={<SwapOutlined />} onClick={after(actions.toBranch)}>
                {t('leads.card.toBranch')}
              </Button>
            )}
            <WriteSmsButton
              audience={{ kind: 'lead', lead_id: lead.id }}
              audienceLabel={lead.name}
              branchId={lead.branch_id}
            />
            <Button danger icon={<InboxOutlined />} onClick={after(actions.archive)}>
              {t('leads.card.archive')}
            </Button>
          </Flex>
          <Form form={form} layout="vertical" initialValues={leadFormValuesOf(lead, country)} onFinish={save}>
            <LeadFormFields country={country} branchId={lead.branch_id} lead={lead} />
          </Form>
          <RelatedReminders kind="lead" subject={{ id: lead.id, name: lead.name }} />
          {showsCalls && (
            <Flex vertical gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('telephony.log.title')}
              </Typography.Title>
              <PersonCalls phone={lead.phone} />
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
