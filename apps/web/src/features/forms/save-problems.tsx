import type { FormField } from '@crm/contracts';
import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import type { DraftProblems } from './draft-problems';

const SETTING_LABELS: Record<string, string> = {
  kind: 'forms.settings.kind',
  title: 'forms.settings.formTitle',
  description: 'forms.settings.description',
  success_text: 'forms.settings.successText',
  pixel_id: 'forms.settings.pixel',
  branch_id: 'forms.settings.branch',
  section_id: 'forms.settings.section',
  source_id: 'forms.settings.source',
};

/** A refused field's name as the builder shows it: "Title", "Field 3 «Your name»", else the API's own path. */
function placeOf(t: TFunction, path: string, fields: readonly FormField[]): string {
  const [first, index] = path.split('.');
  const field = first === 'fields' && index !== undefined ? fields[Number(index)] : undefined;
  if (field) return t('forms.builder.fieldNumber', { number: Number(index) + 1, label: field.label.trim() || '…' });
  const setting = first ? SETTING_LABELS[first] : undefined;
  return setting ? t(setting) : path;
}

interface SaveProblemsProps {
  /** The draft's own problems, once a save was tried. */
  problems: DraftProblems | null;
  /** The server's refusal of the last save. */
  error: unknown;
  fields: readonly FormField[];
}

/** Under the form: why it was not saved — what the checks found, or what the server refused, field by field. */
export function SaveProblems({ problems, error, fields }: SaveProblemsProps) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (problems) {
    for (const problem of problems.form) lines.push(t(`forms.problems.${problem.key}`, problem.values));
    const count = Object.keys(problems.settings).length + Object.keys(problems.fields).length;
    if (count > 0) lines.push(t('forms.problems.marked', { count }));
  }
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    for (const refused of error.fieldErrors) lines.push(`${placeOf(t, refused.field, fields)}: ${refused.message}`);
  } else if (error) {
    lines.push(errorMessage(t, error));
  }
  if (lines.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('forms.problems.notSaved')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    />
  );
}
