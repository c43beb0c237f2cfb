import type { AnswerValue, PublicAnswerInput, PublicForm } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { HoneypotInput } from '../../shared/ui/honeypot-input';
import { type AnswerDraft, type AnswerErrors, checkAnswers, serverAnswerErrors } from './answer-checks';
import { AnswerFields } from './answer-fields';
import { answerSource } from './answer-source';
import { trackAnswer } from './facebook-pixel';
import { outcomeOfError, type PublicOutcome } from './public-form-states';

/** Off the screen rather than display:none, which some bots skip; out of the tab order and of screen readers. */
const ID_PREFIX = 'answer';

interface PublicAnswerFormProps {
  data: PublicForm;
  send: (body: PublicAnswerInput) => Promise<unknown>;
  onOutcome: (outcome: PublicOutcome) => void;
}

/**
 * The form's fields with a Send button. The answers are checked with the contracts' formAnswerSchema
 * before sending, so the visitor learns of a mistake at once and in his language; once he has tried,
 * each change is checked again, so a fixed field loses its message as he fixes it.
 */
export function PublicAnswerForm({ data, send, onOutcome }: PublicAnswerFormProps) {
  const { t } = useTranslation();
  const { fields } = data.form;
  const country = data.company.country;
  const [answers, setAnswers] = useState<AnswerDraft>({});
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<AnswerErrors>({});
  const [honeypot, setHoneypot] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const errors = { ...serverErrors, ...(tried ? (checkAnswers(t, fields, country, answers).errors ?? {}) : {}) };

  const sending = useMutation({
    mutationFn: send,
    onSuccess: () => {
      trackAnswer(data.form.kind === 'lead');
      onOutcome('sent');
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const outcome = outcomeOfError(error.code, error.status);
        if (outcome) return onOutcome(outcome);
        const refused = serverAnswerErrors(t, error, fields);
        if (Object.keys(refused).length) return setServerErrors(refused);
      }
      setFailure(errorMessage(t, error));
    },
  });

  const change = (key: string, value: AnswerValue | undefined) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    setTried(true);
    setFailure(null);
    const checked = checkAnswers(t, fields, country, answers);
    if (checked.errors) {
      const first = fields.find((field) => checked.errors[field.key]);
      const element = first && document.getElementById(`${ID_PREFIX}-${first.key}`);
      element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      element?.focus?.({ preventScroll: true });
      return;
    }
    sending.mutate({
      values: checked.values,
      source: answerSource(window.location.search, document.referrer),
      website: honeypot,
    });
  };

  return (
    // noValidate: the browser's own check of an email box would stop the sending silently, before the
    // contract's check can say what is wrong in the visitor's language.
    <Form layout="vertical" size="large" noValidate onFinish={submit} aria-label={data.form.title}>
      <AnswerFields
        fields={fields}
        country={country}
        answers={answers}
        errors={errors}
        idPrefix={ID_PREFIX}
        onChange={change}
      />
      <HoneypotInput id="form-website" value={honeypot} onChange={setHoneypot} />
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={sending.isPending}>
        {t('forms.public.send')}
      </Button>
    </Form>
  );
}
