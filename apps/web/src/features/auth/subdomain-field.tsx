import { type SubdomainCheck, subdomainFormProblem } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSubdomain } from './sign-up-api';

/** The pause in typing after which the server is asked whether the subdomain is free. */
const CHECK_DELAY_MS = 400;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Lower case and no spaces, as the address will be (a DNS label). */
export const subdomainTyped = (value: string | undefined): string => (value ?? '').toLowerCase().replace(/\s+/g, '');

/**
 * The centre's address with its live check: the form's rule (malformed, reserved) at once, and, once the
 * typing pauses, the server's answer (taken), shown under the field as "nur.<base> is free" or why not.
 */
export function SubdomainField({ base }: { base: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = Form.useFormInstance();
  const value = subdomainTyped(Form.useWatch('subdomain', form));
  const settled = useSettled(value, CHECK_DELAY_MS);
  const check = useQuery({
    queryKey: ['subdomain-check', settled],
    queryFn: () => checkSubdomain(settled),
    enabled: settled !== '' && subdomainFormProblem(settled) === null,
    staleTime: 30_000,
    retry: false,
  });
  const answer: SubdomainCheck | undefined = check.data?.subdomain === value ? check.data : undefined;
  // The rule runs outside React's render: it reads the newest answer from here.
  const latest = useRef(answer);
  latest.current = answer;

  useEffect(() => {
    if (answer) void form.validateFields(['subdomain']).catch(() => undefined);
  }, [answer, form]);

  const wellFormed = value !== '' && subdomainFormProblem(value) === null;
  const checking = wellFormed && !answer && !check.isError;
  const free = answer?.available === true;
  const address = `${value || 'nur'}.${base}`;

  return (
    <Form.Item
      name="subdomain"
      label={t('signUp.fields.subdomain')}
      normalize={subdomainTyped}
      hasFeedback={wellFormed}
      validateStatus={checking ? 'validating' : free ? 'success' : undefined}
      extra={
        <>
          {t('signUp.subdomain.address')} <strong style={{ color: token.colorText }}>{address}</strong>
          {/* Only the check's outcome is announced, not every letter of the address. */}
          <span aria-live="polite">
            {checking && ` — ${t('signUp.subdomain.checking')}`}
            {free && <span style={{ color: token.colorSuccessText }}> — {t('signUp.subdomain.free')}</span>}
          </span>
        </>
      }
      rules={[
        {
          validator: async (_rule, typed: string | undefined) => {
            if (!typed) throw new Error(t('validation.required'));
            const known = latest.current?.subdomain === typed ? latest.current.problem : null;
            const problem = subdomainFormProblem(typed) ?? known;
            if (problem) throw new Error(t(`errors.subdomain_${problem}`));
          },
        },
      ]}
    >
      <Input
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="off"
        placeholder="nur"
        suffix={<span style={{ color: token.colorTextTertiary }}>.{base}</span>}
      />
    </Form.Item>
  );
}
