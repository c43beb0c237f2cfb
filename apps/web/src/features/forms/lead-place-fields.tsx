import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBranches } from '../branches/branches-api';
import { columnName } from '../leads/board/card-actions';
import { leadSourceOptions, useLeadSources } from '../leads/lead-options-api';
import { useBoard } from '../leads/leads-api';
import type { Problem } from './draft-problems';
import type { FormDraft } from './form-draft';
import type { SettingsPatch } from './use-form-draft';

interface LeadPlaceFieldsProps {
  draft: FormDraft;
  branchProblem: Problem | undefined;
  onChange: (patch: SettingsPatch) => void;
}

/**
 * Where a lead form's answers land on the leads board: the branch (required), a section of one of its
 * columns and the leads' source. The sections are the branch board's, read as the board page reads them.
 */
export function LeadPlaceFields({ draft, branchProblem, onChange }: LeadPlaceFieldsProps) {
  const { t } = useTranslation();
  const branches = useBranches();
  const board = useBoard(draft.branch_id ?? 0);
  const sources = useLeadSources();
  const sections = (board.data?.columns ?? []).flatMap((column) =>
    column.sections.map((section) => ({
      value: section.id,
      label: `${columnName(t, column.column, column.title)} · ${section.title}`,
    })),
  );
  const activeSources = (sources.data ?? []).filter((source) => source.active || source.id === draft.source_id);

  return (
    <>
      <Form.Item
        label={t('forms.settings.branch')}
        htmlFor="form-branch"
        required
        validateStatus={branchProblem ? 'error' : undefined}
        help={branchProblem && t(`forms.problems.${branchProblem.key}`)}
      >
        <Select
          id="form-branch"
          loading={branches.isPending}
          value={draft.branch_id ?? undefined}
          options={(branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
          // A section belongs to one branch's board: another branch starts without one.
          onChange={(branch_id: number) => onChange({ branch_id, section_id: null })}
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.section')} htmlFor="form-section">
        <Select
          id="form-section"
          allowClear
          disabled={draft.branch_id === null}
          loading={board.isFetching}
          placeholder={t('forms.settings.noSection')}
          value={draft.section_id ?? undefined}
          options={sections}
          onChange={(section_id?: number) => onChange({ section_id: section_id ?? null })}
        />
      </Form.Item>
      <Form.Item label={t('forms.settings.source')} htmlFor="form-source">
        <Select
          id="form-source"
          allowClear
          loading={sources.isPending}
          placeholder={t('forms.settings.notChosen')}
          value={draft.source_id ?? undefined}
          options={leadSourceOptions(t, activeSources)}
          onChange={(source_id?: number) => onChange({ source_id: source_id ?? null })}
        />
      </Form.Item>
    </>
  );
}
