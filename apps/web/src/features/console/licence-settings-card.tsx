import {
  type ConsoleLicenceSettingsInput,
  consoleLicenceSettingsInputSchema,
  LICENCE_GRACE_DAYS_MAX,
  type LicenceSettings,
  type PlatformRequisites,
} from '@crm/contracts';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useLicenceSettings, useSaveLicenceSettings } from './console-licence-api';

const REQUISITE_FIELDS = ['name', 'address', 'tax_id', 'bank', 'account', 'bank_code', 'phone'] as const;
type RequisiteField = (typeof REQUISITE_FIELDS)[number];
const LONG_FIELDS: readonly RequisiteField[] = ['name', 'address', 'bank'];

interface SettingsForm {
  grace_days: number;
  billing_hidden_hosts: string[];
  invoices_on: boolean;
  requisites: Partial<PlatformRequisites>;
}

const toForm = (settings: LicenceSettings): SettingsForm => ({
  grace_days: settings.grace_days,
  billing_hidden_hosts: settings.billing_hidden_hosts,
  invoices_on: settings.requisites !== null,
  requisites: settings.requisites ?? {},
});

/** A hidden host as the server checks it (contracts): a bare host name, lower-cased. */
const hostSchema = consoleLicenceSettingsInputSchema.shape.billing_hidden_hosts.element;
/** Tags as typed, lower-cased and each once: what the server will store. */
const normaliseHosts = (hosts: string[] = []) => [
  ...new Set(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean)),
];

/**
 * The licence settings: how long a centre keeps read-only access after its licence ends, the white-label
 * hosts where /billing is hidden, and the platform's details on invoices for bank transfers.
 */
export function LicenceSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useLicenceSettings();
  const save = useSaveLicenceSettings();
  const [form] = Form.useForm<SettingsForm>();
  const invoicesOn = Form.useWatch('invoices_on', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data));
  }, [settings.data, form]);

  const submit = (values: SettingsForm) => {
    const requisites = Object.fromEntries(
      REQUISITE_FIELDS.map((field) => [field, values.requisites?.[field]?.trim() ?? '']),
    ) as PlatformRequisites;
    const body: ConsoleLicenceSettingsInput = {
      grace_days: values.grace_days,
      billing_hidden_hosts: normaliseHosts(values.billing_hidden_hosts),
      requisites: values.invoices_on ? requisites : null,
    };
    save.mutate(body, {
      onSuccess: () => void message.success(t('console.licences.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length) {
          form.setFields(
            error.fieldErrors.map((problem) => ({
              // "requisites.name" is a nested field; "billing_hidden_hosts.2" belongs to the tags input.
              name: (problem.field.startsWith('billing_hidden_hosts')
                ? ['billing_hidden_hosts']
                : problem.field.split('.')) as ['requisites', RequisiteField],
              errors: [problem.message || t('console.settings.invalid')],
            })),
          );
        } else void message.error(errorMessage(t, error));
      },
    });
  };

  return (
    <Card title={t('console.licences.title')} size="small">
      {settings.isError && <Alert type="error" showIcon title={errorMessage(t, settings.error)} />}
      {settings.isPending && <Skeleton active />}
      {settings.data && (
        <Form form={form} layout="vertical" initialValues={toForm(settings.data)} onFinish={submit}>
          <Form.Item
            name="grace_days"
            label={t('console.licences.graceDays')}
            extra={t('console.licences.graceHint')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 0,
                max: LICENCE_GRACE_DAYS_MAX,
                message: t('console.licences.graceInvalid', { max: LICENCE_GRACE_DAYS_MAX }),
              },
            ]}
          >
            <InputNumber min={0} max={LICENCE_GRACE_DAYS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="billing_hidden_hosts"
            label={t('console.licences.hiddenHosts')}
            extra={t('console.licences.hiddenHostsHint')}
            normalize={normaliseHosts}
            rules={[
              {
                validator: (_, hosts: string[] = []) => {
                  const wrong = hosts.find((host) => !hostSchema.safeParse(host).success);
                  return wrong === undefined
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('console.licences.hostInvalid', { host: wrong })));
                },
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              open={false}
              suffixIcon={null}
              placeholder="crm.partner.uz"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="invoices_on" label={t('console.licences.invoicesOn')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {invoicesOn && (
            <Row gutter={12}>
              {REQUISITE_FIELDS.map((field) => (
                <Col key={field} xs={24} md={LONG_FIELDS.includes(field) ? 24 : 12}>
                  <Form.Item
                    name={['requisites', field]}
                    label={t(`console.licences.requisites.${field}`)}
                    rules={
                      field === 'name'
                        ? [{ required: true, whitespace: true, message: t('console.licences.nameRequired') }]
                        : undefined
                    }
                  >
                    <Input maxLength={field === 'address' ? 300 : field === 'name' || field === 'bank' ? 200 : 50} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
