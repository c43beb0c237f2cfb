import { FORM_KINDS, type FormKind, LEAD_FORM_IMAGE } from '@crm/contracts';
import { Card, Form, Input, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PictureField } from '../landing-pages/picture-field';
import type { DraftProblems } from './draft-problems';
import type { FormDraft } from './form-draft';
import { LeadPlaceFields } from './lead-place-fields';
import type { SettingsPatch } from './use-form-draft';

interface FormSettingsCardProps {
  draft: FormDraft;
  /** The kind is chosen when the form is made; a saved form keeps it. */
  isNew: boolean;
  problems: DraftProblems['settings'] | null;
  onChange: (patch: SettingsPatch) => void;
}

/**
 * The form's own settings: its kind, title, description, thanks, Facebook pixel and, for a lead form, its header
 * picture and board place.
 */
export function FormSettingsCard({ draft, isNew, problems, onChange }: FormSettingsCardProps) {
  const { t } = useTranslation();
  const problem = (name: keyof DraftProblems['settings']) => {
    const found = problems?.[name];
    return { validateStatus: found ? ('error' as const) : undefined, help: found && t(`forms.problems.${found.key}`) };
  };
  return (
    <Card size="small" title={t('forms.settings.title')}>
      <Form.Item label={t('forms.settings.kind')} extra={t(`forms.kindHints.${draft.kind}`)}>
        {isNew ? (
          <Radio.Group
            aria-label={t('forms.settings.kind')}
            optionType="button"
            value={draft.kind}
            onChange={(event) => onChange({ kind: event.target.value as FormKind })}
            options={FORM_KINDS.map((kind) => ({ value: kind, label: t(`forms.kinds.${kind}`) }))}
          />
        ) : (
          <Tag>{t(`forms.kinds.${draft.kind}`)}</Tag>
        )}
      </Form.Item>
      <Form.Item label={t('forms.settings.formTitle')} htmlFor="form-title" required {...problem('title')}>
        <Input
          id="form-title"
          maxLength={200}
          value={draft.title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.description')} htmlFor="form-description">
        <Input.TextArea
          id="form-description"
          maxLength={2000}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={draft.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Form.Item>
      {draft.kind === 'lead' && (
        <>
          <Form.Item
            label={t('forms.settings.image')}
            htmlFor="form-image"
            extra={t('forms.settings.imageHint', LEAD_FORM_IMAGE)}
          >
            <PictureField
              id="form-image"
              kind="lead_header"
              value={draft.image}
              onChange={(image) => onChange({ image })}
              texts={{
                preview: t('forms.settings.imagePreview'),
                empty: t('forms.settings.noImage'),
                cropped: t('forms.settings.imageCropped', LEAD_FORM_IMAGE),
              }}
            />
          </Form.Item>
          <LeadPlaceFields draft={draft} branchProblem={problems?.branch_id} onChange={onChange} />
        </>
      )}
      <Form.Item label={t('forms.settings.successText')} htmlFor="form-success">
        <Input.TextArea
          id="form-success"
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('forms.public.thanksText')}
          value={draft.success_text}
          onChange={(e) => onChange({ success_text: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('forms.settings.pixel')}
        htmlFor="form-pixel"
        extra={problems?.pixel_id ? undefined : t('forms.settings.pixelHint')}
        style={{ marginBottom: 0 }}
        {...problem('pixel_id')}
      >
        <Input
          id="form-pixel"
          inputMode="numeric"
          maxLength={20}
          value={draft.pixel_id}
          onChange={(e) => onChange({ pixel_id: e.target.value })}
        />
      </Form.Item>
    </Card>
  );
}
