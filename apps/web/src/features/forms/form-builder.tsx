import { SaveOutlined } from '@ant-design/icons';
import type { Form as SavedForm } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Grid, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { draftProblems, hasProblems } from './draft-problems';
import { FieldPalette } from './field-palette';
import { bodyOf, type FormDraft } from './form-draft';
import { formEditPath, formInfoPath } from './form-paths';
import { FormPreview } from './form-preview';
import { FormSettingsCard } from './form-settings-card';
import { FormSharing } from './form-sharing';
import { StatusTag } from './form-tags';
import { useFormWrites } from './forms-api';
import { SaveProblems } from './save-problems';
import { SortableFieldList } from './sortable-field-list';
import { useFormDraft } from './use-form-draft';

interface FormBuilderProps {
  initial: FormDraft;
  /** The form as last saved; null for a new one (its first save moves to its edit page). */
  saved: SavedForm | null;
}

/**
 * Spec §2 form/create and form/edit/{id}: the form's settings and fields on one side, the page as a
 * visitor's phone shows it on the other (a Preview tab on a phone). Nothing is sent before the draft
 * passes the contract's checks; a refusal keeps every word typed.
 */
export function FormBuilder({ initial, saved: opened }: FormBuilderProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().lg === true;
  const { draft, added, actions } = useFormDraft(initial);
  const { save, publish } = useFormWrites();
  // The form as this page last saved it: a new form's first save gives it an id at once, so a Publish clicked
  // before its edit page opens updates that form instead of creating a second one.
  const [saved, setSaved] = useState<SavedForm | null>(opened);
  // A publish, or a refetch of the form, answers it anew: the page shows that one.
  useEffect(() => {
    if (opened) setSaved(opened);
  }, [opened]);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const body = bodyOf(draft);
  // What was opened or last saved: the draft differs from it once something was typed.
  const [savedBody, setSavedBody] = useState(() => JSON.stringify(bodyOf(initial)));
  const dirty = JSON.stringify(body) !== savedBody;
  const problems = draftProblems(draft);
  const shown = tried ? problems : null;
  const canEdit = saved === null || saved.policies.edit;
  useLeaveWarning(dirty && canEdit);

  /** Saves the draft if it passes the checks: the saved form, or null (the reason is shown under the form). */
  const saveDraft = async (): Promise<SavedForm | null> => {
    setTried(true);
    setRefusal(null);
    if (hasProblems(problems)) return null;
    try {
      const form = await save.mutateAsync({ id: saved?.id ?? null, body });
      setSaved(form);
      setSavedBody(JSON.stringify(body));
      return form;
    } catch (error) {
      if (!isHandledGlobally(error)) setRefusal(error);
      return null;
    }
  };

  const onSave = async () => {
    const form = await saveDraft();
    if (!form) return;
    message.success(t('forms.builder.saved'));
    if (!saved) navigate(formEditPath(form.id), { replace: true });
  };

  /** Publishing an unsaved draft saves it first: the page shows what the builder shows. */
  const onPublish = async (published: boolean) => {
    const form = dirty || !saved ? await saveDraft() : saved;
    if (!form) return;
    try {
      setSaved(await publish.mutateAsync({ id: form.id, published }));
      message.success(t(published ? 'forms.builder.publishedNote' : 'forms.builder.unpublishedNote'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
    if (!saved) navigate(formEditPath(form.id), { replace: true });
  };

  const published = saved?.status === 'published';
  const saveButton = canEdit && (
    <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={onSave}>
      {t('common.save')}
    </Button>
  );

  const editor = (
    <Flex vertical gap={16}>
      <FormSettingsCard
        draft={draft}
        isNew={!saved}
        problems={shown?.settings ?? null}
        onChange={actions.patchSettings}
      />
      <Card size="small" title={t('forms.builder.fields')}>
        <Flex vertical gap={16}>
          <SortableFieldList fields={draft.fields} added={added} problems={shown?.fields ?? null} actions={actions} />
          {canEdit && <FieldPalette count={draft.fields.length} onAdd={actions.add} />}
        </Flex>
      </Card>
      <SaveProblems problems={shown && hasProblems(shown) ? shown : null} error={refusal} fields={draft.fields} />
      {saveButton && <Flex justify="flex-end">{saveButton}</Flex>}
      {saved && <FormSharing form={saved} />}
    </Flex>
  );

  return (
    // A form the caller may not change is shown with its boxes disabled.
    <Form layout="vertical" component={false} disabled={!canEdit}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
              {saved ? saved.title : t('forms.builder.newTitle')}
            </Typography.Title>
            {saved && <StatusTag status={saved.status} />}
            {saved && dirty && <Typography.Text type="warning">{t('forms.builder.unsaved')}</Typography.Text>}
          </Flex>
          <Flex gap={8} wrap>
            {saved?.policies.read_answers && (
              <ButtonLink to={formInfoPath(saved.id)}>{t('forms.actions.answers')}</ButtonLink>
            )}
            {canEdit && (
              <Button loading={publish.isPending} onClick={() => onPublish(!published)}>
                {t(published ? 'forms.actions.unpublish' : 'forms.actions.publish')}
              </Button>
            )}
            {saveButton}
          </Flex>
        </Flex>
        {wide ? (
          <Flex gap={24} align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>{editor}</div>
            <aside style={{ position: 'sticky', top: 16, flexShrink: 0 }}>
              <FormPreview draft={draft} />
            </aside>
          </Flex>
        ) : (
          <PhoneTabs editor={editor} preview={<FormPreview draft={draft} />} />
        )}
      </Flex>
    </Form>
  );
}

/** On a phone the preview is a tab of its own: there is no room beside the builder. */
function PhoneTabs({ editor, preview }: { editor: ReactNode; preview: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'build', label: t('forms.builder.tab'), children: editor },
        { key: 'preview', label: t('forms.preview.title'), children: <Flex justify="center">{preview}</Flex> },
      ]}
    />
  );
}

/** Closing or reloading the tab with unsaved changes asks first (the browser words the question). */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
