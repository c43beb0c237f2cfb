import {
  analyzeSmsText,
  replaceTypographicApostrophes,
  SMS_TEXT_MAX,
  SMS_VARIABLES,
  type SmsVariable,
  unknownSmsVariables,
} from '@crm/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

const VARIABLE_IN_TEXT = /\{[a-z_]+\}/;

/**
 * A text of an SMS (spec §3 "text, variables"): the text area, a button per variable that puts it at the
 * cursor, and under it what the operator will bill — characters, parts, the alphabet and what is left in
 * the part — from the same `analyzeSmsText` the server bills with. Uzbek Latin's ʻ ʼ turn a text into
 * Unicode and double its price, so a button offers their GSM-7 look-alike.
 */
export function SmsTextInput({
  id,
  value = '',
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);

  const insert = (variable: SmsVariable) => {
    const element = area.current?.resizableTextArea?.textArea;
    const token = `{${variable}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + token + value.slice(end));
    // The caret goes after the variable, so the next one or the next word follows it.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Flex vertical gap={8}>
      {!disabled && (
        <Flex wrap gap={4} role="group" aria-label={t('sms.text.variables')}>
          {SMS_VARIABLES.map((variable) => (
            <Button key={variable} size="small" title={`{${variable}}`} onClick={() => insert(variable)}>
              + {t(`sms.variables.${variable}`)}
            </Button>
          ))}
        </Flex>
      )}
      <Input.TextArea
        id={id}
        ref={area}
        value={value}
        disabled={disabled}
        maxLength={SMS_TEXT_MAX}
        autoSize={{ minRows: 4, maxRows: 12 }}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <SmsCounter text={value} onReplace={disabled ? undefined : (fixed) => onChange?.(fixed)} />
    </Flex>
  );
}

/** What the text costs, said under it; with the way to GSM-7 when only typographic apostrophes stand in it. */
function SmsCounter({ text, onReplace }: { text: string; onReplace?: (fixed: string) => void }) {
  const { t } = useTranslation();
  const info = analyzeSmsText(text);
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" data-testid="sms-counter" style={{ fontSize: 13 }}>
        {t('sms.text.counter', { count: info.length, parts: info.parts, left: info.leftInPart })} ·{' '}
        {t(`sms.text.alphabet.${info.alphabet}`)}
      </Typography.Text>
      {VARIABLE_IN_TEXT.test(text) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('sms.text.variablesCounted')}
        </Typography.Text>
      )}
      {info.gsmAfterReplacing ? (
        <Alert
          type="warning"
          showIcon
          title={t('sms.text.apostrophes')}
          action={
            onReplace && (
              <Button size="small" onClick={() => onReplace(replaceTypographicApostrophes(text))}>
                {t('sms.text.replace')}
              </Button>
            )
          }
        />
      ) : (
        info.alphabet === 'ucs2' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('sms.text.unicodeBecause', { characters: info.nonGsmCharacters.slice(0, 8).join(' ') })}
          </Typography.Text>
        )
      )}
    </Flex>
  );
}

/** The form field of an SMS text: required, within the limit, and with no variable we do not know. */
export function SmsTextField({ label, disabled }: { label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="text"
      label={label}
      rules={[
        { required: true, whitespace: true, message: t('validation.required') },
        {
          validator: (_, value: string | undefined) => {
            const unknown = [...new Set(unknownSmsVariables(value ?? ''))];
            return unknown.length
              ? Promise.reject(
                  new Error(t('sms.text.unknownVariables', { names: unknown.map((name) => `{${name}}`).join(', ') })),
                )
              : Promise.resolve();
          },
        },
      ]}
    >
      <SmsTextInput disabled={disabled} />
    </Form.Item>
  );
}
