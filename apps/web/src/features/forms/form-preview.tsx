import { Button, Form, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import type { AnswerDraft } from './answer-checks';
import { AnswerFields } from './answer-fields';
import { type FormDraft, headerImageOf } from './form-draft';
import { FormHeading } from './form-heading';

/** A phone's width: the page is made for phones first, so the author sees it as most visitors will. */
export const PREVIEW_WIDTH = 390;

/**
 * The form as the visitor will see it, drawn by the public page's own field renderer, live as the author
 * edits. It can be filled in to try it; nothing is sent.
 */
export function FormPreview({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { company } = useSession();
  const [answers, setAnswers] = useState<AnswerDraft>({});
  return (
    <section
      aria-label={t('forms.preview.title')}
      style={{
        width: PREVIEW_WIDTH,
        maxWidth: '100%',
        maxHeight: 'calc(100vh - 96px)',
        overflowY: 'auto',
        padding: 16,
        border: `8px solid ${token.colorBorderSecondary}`,
        borderRadius: 32,
        background: token.colorBgContainer,
      }}
    >
      <FormHeading
        company={{ name: company?.name ?? '', logo: company?.logo ?? null }}
        form={{ title: draft.title, description: draft.description, image: headerImageOf(draft) }}
      />
      <Form layout="vertical" size="large" component="div">
        <AnswerFields
          fields={draft.fields}
          country={company?.country ?? 'uz'}
          answers={answers}
          errors={{}}
          idPrefix="preview"
          onChange={(key, value) => setAnswers((current) => ({ ...current, [key]: value }))}
        />
        <Button type="primary" block disabled>
          {t('forms.public.send')}
        </Button>
      </Form>
    </section>
  );
}
