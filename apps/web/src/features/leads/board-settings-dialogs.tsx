import { LEAD_SECTION_TITLE_MAX, type LeadColumn, leadSectionInputSchema } from '@crm/contracts';
import { App, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';
import type { BoardActions } from './board/board-actions';
import type { BoardSectionState, BoardState } from './board/board-lists';
import { columnName } from './board/card-actions';

export type SectionDialog = { mode: 'add'; column: LeadColumn } | { mode: 'rename'; section: BoardSectionState };

/** A section's title: a new section at the bottom of a column, or a new name. */
export function SectionTitleModal({
  target,
  actions,
  onClose,
}: {
  target: SectionDialog | null;
  actions: BoardActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string }>();
  const [saving, setSaving] = useState(false);
  const save = async ({ title }: { title: string }) => {
    if (!target) return;
    setSaving(true);
    await saveForm(
      t,
      message,
      form,
      () =>
        target.mode === 'add'
          ? actions.addSection(target.column, title.trim())
          : actions.renameSection(target.section, title.trim()),
      {
        fields: ['title'],
        success: t(target.mode === 'add' ? 'leads.sections.added' : 'leads.sections.renamed'),
        onSaved: onClose,
      },
    );
    setSaving(false);
  };
  return (
    <FormModal
      open={target !== null}
      title={target?.mode === 'rename' ? t('leads.sections.renameTitle') : t('leads.sections.addTitle')}
      form={form}
      saving={saving}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ title: target?.mode === 'rename' ? target.section.title : '' }}
        onFinish={save}
      >
        {target?.mode === 'add' && (
          <Typography.Paragraph type="secondary">
            {t('leads.sections.addHint', { column: columnName(t, target.column) })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="title"
          label={t('leads.sections.title')}
          required
          rules={[schemaRule(t, leadSectionInputSchema.shape.title)]}
        >
          <Input autoFocus autoComplete="off" maxLength={LEAD_SECTION_TITLE_MAX} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Column settings: the branch's own name of each column; empty brings the standard name back. */
export function ColumnSettingsModal({
  open,
  state,
  actions,
  onClose,
}: {
  open: boolean;
  state: BoardState | null;
  actions: BoardActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<LeadColumn, string>>();
  const [saving, setSaving] = useState(false);
  const columns = state?.columns ?? [];
  const save = async (values: Record<LeadColumn, string>) => {
    const changed = columns.filter((column) => (values[column.column] ?? '').trim() !== column.title);
    setSaving(true);
    await saveForm(
      t,
      message,
      form,
      async () => {
        for (const column of changed) await actions.renameColumn(column.column, (values[column.column] ?? '').trim());
      },
      { fields: [], success: t('leads.columnSettings.saved'), onSaved: onClose },
    );
    setSaving(false);
  };
  return (
    <FormModal open={open} title={t('leads.columnSettings.title')} form={form} saving={saving} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        initialValues={Object.fromEntries(columns.map((column) => [column.column, column.title]))}
        onFinish={save}
      >
        <Typography.Paragraph type="secondary">{t('leads.columnSettings.hint')}</Typography.Paragraph>
        {columns.map((column) => (
          <Form.Item
            key={column.column}
            name={column.column}
            label={t(`leads.columns.${column.column}`)}
            rules={[
              { max: LEAD_SECTION_TITLE_MAX, message: t('validation.too_big_text', { limit: LEAD_SECTION_TITLE_MAX }) },
            ]}
          >
            <Input placeholder={t(`leads.columns.${column.column}`)} autoComplete="off" allowClear />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
