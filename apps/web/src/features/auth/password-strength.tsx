import { PASSWORD_MIN } from '@crm/contracts';
import { Flex, Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldProblemMessage } from '../../shared/forms/field-rules';

export type Strength = 'short' | 'weak' | 'fair' | 'strong';

/**
 * A hint, not a rule: length and the kinds of characters. The server has the last word (it refuses
 * common passwords and the phone number with weak_password), which a browser cannot know.
 */
export function passwordStrength(password: string): Strength {
  if (password.length < PASSWORD_MIN) return 'short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const points = (password.length >= 12 ? 1 : 0) + (kinds >= 2 ? 1 : 0) + (kinds >= 3 ? 1 : 0);
  if (points >= 2) return 'strong';
  return points === 1 ? 'fair' : 'weak';
}

const FILLED: Record<Strength, number> = { short: 0, weak: 1, fair: 2, strong: 3 };

function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!password) return <span>{t('passwordStrength.hint', { count: PASSWORD_MIN })}</span>;
  const strength = passwordStrength(password);
  const colour = {
    short: token.colorError,
    weak: token.colorError,
    fair: token.colorWarning,
    strong: token.colorSuccess,
  }[strength];
  return (
    <Flex vertical gap={4} style={{ marginTop: 4 }}>
      <Flex gap={4} aria-hidden>
        {[1, 2, 3].map((step) => (
          <span
            key={step}
            style={{
              flex: 1,
              height: 4,
              borderRadius: 2,
              background: step <= FILLED[strength] ? colour : token.colorFillSecondary,
            }}
          />
        ))}
      </Flex>
      <span aria-live="polite">{t(`passwordStrength.${strength}`, { count: PASSWORD_MIN })}</span>
    </Flex>
  );
}

/** A new password with its strength shown as it is typed (sign-up and recovery). */
export function NewPasswordField({ label }: { label: string }) {
  const { t } = useTranslation();
  const password: string | undefined = Form.useWatch('password', Form.useFormInstance());
  return (
    <Form.Item
      name="password"
      label={label}
      extra={<StrengthMeter password={password ?? ''} />}
      rules={[
        {
          validator: async (_rule, value: string | undefined) => {
            if (!value) throw new Error(t('validation.required'));
            if (value.length < PASSWORD_MIN)
              throw new Error(fieldProblemMessage(t, { rule: 'too_small', limit: PASSWORD_MIN }, value));
          },
        },
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
