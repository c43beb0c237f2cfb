import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PBX_DOMAIN, type VoipSettings, type VoipSettingsInput } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/api-error';
import { useBranches } from '../branches/branches-api';
import { saveForm } from '../courses/form-errors';
import { telephonyErrorText, useVoipWrites } from './telephony-api';

interface AccountValues {
  branch_id: number | null;
  domain: string;
  key?: string;
}

interface SettingsValues {
  country_code: string;
  branch_specific: boolean;
  accounts: AccountValues[];
}

const valuesOf = (settings: VoipSettings): SettingsValues => ({
  country_code: settings.country_code ?? '',
  branch_specific: settings.branch_specific,
  accounts: settings.accounts.length
    ? settings.accounts.map((account) => ({ branch_id: account.branch?.id ?? null, domain: account.domain, key: '' }))
    : [{ branch_id: null, domain: '', key: '' }],
});

/** The form as PUT /voip/settings takes it: an empty key keeps the stored one (null), a company account no branch. */
export const settingsInputOf = (values: SettingsValues): VoipSettingsInput => ({
  country_code: values.country_code.trim() || null,
  branch_specific: values.branch_specific,
  accounts: values.accounts.map((account) => ({
    branch_id: values.branch_specific ? account.branch_id : null,
    domain: account.domain.trim().toLowerCase(),
    key: account.key?.trim() || null,
  })),
});

/**
 * admin/voip (spec §3 datas.onlinepbx, is_onlinepbx_branch_specific, onlinepbx_country_code): the calling code,
 * one account for the company or one a branch, each a domain and an API key. The server tries each key with
 * OnlinePBX before it keeps it (spec §8: a refusal reads "OnlinePBX: {comment}"); a stored key is never sent back.
 */
export function VoipAccountsForm({ settings }: { settings: VoipSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsValues>();
  const { saveSettings } = useVoipWrites();
  const branches = useBranches();
  const branchSpecific = Form.useWatch('branch_specific', form) ?? settings.branch_specific;
  const accounts = Form.useWatch('accounts', form) ?? [];
  // A key is stored per scope (a branch, or the company): a row of a scope with a key may leave its key empty.
  const storedScopes = new Set(settings.accounts.map((account) => account.branch?.id ?? 0));
  const hasStoredKey = (index: number) => storedScopes.has(branchSpecific ? (accounts[index]?.branch_id ?? -1) : 0);

  const save = (values: SettingsValues) =>
    saveForm(t, message, form, () => saveSettings.mutateAsync(settingsInputOf(values)), {
      fields: ['country_code'],
      explain: (error: ApiError) => (error.code === 'onlinepbx_refused' ? telephonyErrorText(t, error) : null),
      success: t('telephony.settings.saved'),
      // The keys are stored now: their boxes empty again (the server never sends one back).
      onSaved: () =>
        form.setFieldValue(
          'accounts',
          values.accounts.map((account) => ({ ...account, key: '' })),
        ),
    });

  return (
    <Card title={t('telephony.settings.accounts')}>
      <Form form={form} layout="vertical" initialValues={valuesOf(settings)} onFinish={save} style={{ maxWidth: 640 }}>
        <Form.Item
          name="country_code"
          label={t('telephony.settings.countryCode')}
          extra={t('telephony.settings.countryCodeHelp')}
          rules={[{ pattern: /^\+?\d{1,4}$/, message: t('telephony.settings.countryCodeInvalid') }]}
        >
          <Input prefix="+" placeholder="998" inputMode="numeric" style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item
          name="branch_specific"
          label={t('telephony.settings.branchSpecific')}
          extra={t('telephony.settings.branchSpecificHelp')}
          valuePropName="checked"
        >
          <Switch
            onChange={(on) => {
              // One account serves the whole company: a company-wide switch keeps the first one.
              if (!on) form.setFieldValue('accounts', (form.getFieldValue('accounts') as AccountValues[]).slice(0, 1));
            }}
          />
        </Form.Item>
        <Form.List name="accounts">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('telephony.settings.account', { number: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('telephony.settings.removeAccount', { number: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  }
                >
                  {branchSpecific && (
                    <Form.Item
                      name={[field.name, 'branch_id']}
                      label={t('telephony.settings.branch')}
                      rules={[
                        { required: true, message: t('telephony.settings.branchRequired') },
                        {
                          validator: async (_rule, value: unknown) => {
                            const same = accounts.filter((account) => account?.branch_id === value).length;
                            if (same > 1) throw new Error(t('telephony.settings.branchTwice'));
                          },
                        },
                      ]}
                    >
                      <Select
                        aria-label={t('telephony.settings.branch')}
                        options={(branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
                        loading={branches.isPending}
                      />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'domain']}
                    label={t('telephony.settings.domain')}
                    normalize={(value: string) => value.trim().toLowerCase()}
                    rules={[
                      { required: true, message: t('telephony.settings.domainRequired') },
                      { pattern: PBX_DOMAIN, message: t('telephony.settings.domainInvalid') },
                    ]}
                  >
                    <Input placeholder="pbx12345.onpbx.ru" autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'key']}
                    label={t('telephony.settings.key')}
                    extra={hasStoredKey(index) ? t('telephony.settings.keyStored') : t('telephony.settings.keyNew')}
                    rules={[
                      { required: !hasStoredKey(index), message: t('telephony.settings.keyRequired') },
                      { min: 8, message: t('telephony.settings.keyShort') },
                    ]}
                  >
                    <Input.Password
                      autoComplete="new-password"
                      placeholder={hasStoredKey(index) ? t('telephony.settings.keyKept') : ''}
                    />
                  </Form.Item>
                </Card>
              ))}
              {(branchSpecific || fields.length === 0) && (
                <Button icon={<PlusOutlined />} onClick={() => add({ branch_id: null, domain: '', key: '' })}>
                  {t('telephony.settings.addAccount')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={saveSettings.isPending} style={{ marginTop: 16 }}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
