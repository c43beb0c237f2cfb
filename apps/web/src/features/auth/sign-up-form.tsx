import {
  COMPANY_TYPES,
  COUNTRIES,
  type CodeSent,
  type Country,
  countryRules,
  formatPhone,
  normalizePhone,
  onlyDigits,
  signUpFormSchema,
} from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { NewPasswordField } from './password-strength';
import { startSignUp } from './sign-up-api';
import { SubdomainField } from './subdomain-field';

export interface SignUpValues {
  company_name: string;
  subdomain: string;
  company_type: (typeof COMPANY_TYPES)[number];
  country: Country;
  owner_name: string;
  phone: string;
  password: string;
  /** The honeypot: people never see it, form-filling robots fill it in. */
  website?: string;
}

const FIELDS = ['company_name', 'subdomain', 'company_type', 'country', 'owner_name', 'phone', 'password'];
const shape = signUpFormSchema.shape;

/** "Nur Academy" → "nur-academy": an address to start from while the visitor has not typed his own. */
export function subdomainFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'ʻʼ‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : '';
}

/** Where a refusal of the server belongs: under one field, or above the form. */
function refusalField(error: ApiError): keyof SignUpValues | null {
  if (error.code.startsWith('subdomain_')) return 'subdomain';
  if (error.code === 'weak_password') return 'password';
  return null;
}

/**
 * Step 1 of the sign-up: the centre and its owner. Nothing is created yet: the server checks the form and
 * sends a code to the owner's phone. A refusal keeps everything typed and says what to change, under the
 * field it concerns.
 */
export function SignUpForm({
  initialValues,
  base,
  refusal,
  onSent,
}: {
  initialValues?: SignUpValues;
  base: string;
  /** A refusal that brought the visitor back from the code step (the subdomain was taken meanwhile). */
  refusal: ApiError | null;
  onSent: (values: SignUpValues, sent: CodeSent) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignUpValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const country: Country = Form.useWatch('country', form) ?? initialValues?.country ?? 'uz';
  // The address follows the centre's name until the visitor types one of his own.
  const addressTyped = useRef(Boolean(initialValues?.subdomain));

  const refuse = (error: unknown) => {
    setFailure(null);
    if (error instanceof ApiError) {
      const field = refusalField(error);
      if (field) return form.setFields([{ name: field, errors: [errorMessage(t, error)] }]);
      if (showFieldErrors(t, form, FIELDS, error)) return;
    }
    setFailure(errorMessage(t, error));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the form comes back with it
  useEffect(() => {
    if (refusal) refuse(refusal);
  }, [refusal]);

  const start = useMutation({
    mutationFn: (values: SignUpValues) =>
      startSignUp({
        ...values,
        phone: normalizePhone(values.phone, values.country),
        website: values.website || undefined,
        // The language the owner reads the form in becomes the centre's (its first branch's name, the code SMS).
        language: currentLanguage(),
      }),
    onSuccess: (sent, values) => onSent(values, sent),
    onError: refuse,
  });

  const changed = (change: Partial<SignUpValues>) => {
    if (change.subdomain !== undefined) addressTyped.current = change.subdomain !== '';
    if (change.company_name !== undefined && !addressTyped.current)
      form.setFieldValue('subdomain', subdomainFromName(change.company_name));
    if (change.country !== undefined) {
      const phone = form.getFieldValue('phone') as string | undefined;
      if (phone) form.setFieldValue('phone', formatPhone(onlyDigits(phone), change.country));
    }
  };

  // The language the new centre will start in: offered for this page too.
  const suggested = countryRules(country).language;
  return (
    <Form<SignUpValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={initialValues ?? { company_type: 'training_center', country: 'uz' }}
      onValuesChange={changed}
      onFinish={(values) => {
        setFailure(null);
        start.mutate(values);
      }}
      scrollToFirstError
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item name="company_name" label={t('signUp.fields.companyName')} rules={[schemaRule(t, shape.company_name)]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <SubdomainField base={base} />
      <Form.Item name="company_type" label={t('signUp.fields.companyType')}>
        <Radio.Group
          block
          optionType="button"
          buttonStyle="solid"
          options={COMPANY_TYPES.map((type) => ({ value: type, label: t(`signUp.companyTypes.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="country"
        label={t('signUp.fields.country')}
        extra={
          suggested !== currentLanguage() && (
            <Button type="link" size="small" onClick={() => changeLanguage(suggested)} style={{ paddingInline: 0 }}>
              {t('signUp.languageSuggestion', { language: t(`languages.${suggested}`) })}
            </Button>
          )
        }
      >
        <Select
          options={COUNTRIES.map((code) => {
            const prefix = countryRules(code).phonePrefix;
            return { value: code, label: `${t(`signUp.countries.${code}`)}${prefix ? ` (${prefix})` : ''}` };
          })}
        />
      </Form.Item>
      <Form.Item name="owner_name" label={t('signUp.fields.ownerName')} rules={[schemaRule(t, shape.owner_name)]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('signUp.fields.phone')}
        extra={t('signUp.phoneHint')}
        rules={[phoneRule(t, country, true)]}
      >
        <PhoneInput country={country} />
      </Form.Item>
      <NewPasswordField label={t('signUp.fields.password')} />
      {/* Out of sight and out of the tab order rather than display:none, which robots know to skip. */}
      <div aria-hidden style={{ position: 'absolute', left: -10_000, width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          {t('signUp.fields.website')}
          <Form.Item name="website" noStyle>
            <input tabIndex={-1} autoComplete="off" />
          </Form.Item>
        </label>
      </div>
      <Button type="primary" htmlType="submit" block loading={start.isPending}>
        {t('signUp.submit')}
      </Button>
    </Form>
  );
}
