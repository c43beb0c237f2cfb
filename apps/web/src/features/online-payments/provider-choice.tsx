import type { OnlineProvider } from '@crm/contracts';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** The choice of the centre's providers (as the server lists them), by brand name; big enough for a thumb. */
export function ProviderField({ providers }: { providers: readonly OnlineProvider[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="provider"
      label={t('onlinePayments.form.provider')}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="large"
        options={providers.map((provider) => ({ value: provider, label: t(`finance.methods.${provider}`) }))}
      />
    </Form.Item>
  );
}
