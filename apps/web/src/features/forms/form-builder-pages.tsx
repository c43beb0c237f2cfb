import { FORM_KINDS, type FormKind } from '@crm/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { usePageTitle } from '../../shared/ui/page-title';
import { FormBuilder } from './form-builder';
import { draftOf, emptyDraft } from './form-draft';
import { isTemplate, templateDraft } from './form-templates';
import { useFormDetail } from './forms-api';

const isKind = (value: unknown): value is FormKind => (FORM_KINDS as readonly unknown[]).includes(value);

/** Spec §2 form/create: a blank form, or a template's (`?template=feedback`) filled in, not saved until Save. */
export function FormCreatePage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [params] = useSearchParams();
  const [initial] = useState(() => {
    const template = params.get('template');
    const kind = params.get('kind');
    const draft = isTemplate(template) ? templateDraft(template, t) : emptyDraft(isKind(kind) ? kind : 'form');
    // A lead form lands on a branch's board: the header's branch is the likely one.
    return { ...draft, branch_id: branch };
  });
  return <FormBuilder initial={initial} saved={null} />;
}

/** Spec §2 form/edit/{id}. */
export function FormEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const form = useFormDetail(id);
  usePageTitle(form.data?.title);
  if (form.isPending) return <PageSpinner />;
  if (form.isError) {
    return isHandledGlobally(form.error) ? null : (
      <Alert
        type="error"
        showIcon
        title={errorMessage(t, form.error)}
        action={<Button onClick={() => form.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  // Keyed by the form: the draft is taken from the form once, when its page opens.
  return <FormBuilder key={id} initial={draftOf(form.data)} saved={form.data} />;
}
