import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { subdomainTyped } from '../auth/subdomain-field';

/** "Which centre do you pay for?": its subdomain, put in the address so the link can be shared as it is. */
export function CentreLookup({ initial }: { initial?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      initialValues={{ subdomain: initial ?? '' }}
      onFinish={({ subdomain }: { subdomain: string }) => {
        const next = new URLSearchParams(search);
        next.set('subdomain', subdomainTyped(subdomain));
        setSearch(next);
      }}
    >
      <Form.Item
        name="subdomain"
        label={t('licence.entry.subdomain')}
        extra={t('licence.entry.subdomainHint')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={63} />
      </Form.Item>
      <Button htmlType="submit">{t('licence.entry.findCentre')}</Button>
    </Form>
  );
}
