import { App, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { FormModal } from '../courses/catalog-ui';
import { saveForm } from '../courses/form-errors';

/** What a catalogue's dialog is open for: a new row (with what the page knows of it) or one to edit. */
export type CatalogueTarget<Item, Create = unknown> = ({ mode: 'create' } & Create) | { mode: 'edit'; item: Item };

/**
 * The writes a catalogue's dialog makes. Method syntax on purpose: a page's mutation that takes a narrower
 * input (a lead reason's `{ title, active }`) still fits, and the dialog sends exactly what `toInput` built.
 */
export interface CatalogueWrites<Input> {
  create: { mutateAsync(input: Input): Promise<unknown>; isPending: boolean };
  update: { mutateAsync(input: Input & { id: number }): Promise<unknown>; isPending: boolean };
}

interface CatalogueFormModalProps<Item extends { id: number }, Values, Input> {
  target: CatalogueTarget<Item> | null;
  onClose: () => void;
  writes: CatalogueWrites<Input>;
  /** The dialog's title and what is announced after saving, for a new row and for an edited one. */
  title: { create: string; edit: string };
  saved: { create: string; edit: string };
  initialValues: (editing: Item | null) => Partial<Values> | undefined;
  toInput: (values: Values, editing: Item | null) => Input;
  /** The form's fields: a 400 answer's problems with them are said under them. */
  fields: readonly string[];
  /** Refusals that belong to one field, by code (holiday_exists → date). */
  fieldOfCode?: Readonly<Record<string, string>>;
  /** The page's own words for a field's broken rule, by `field:rule` (`name:unique` → "the name is taken"). */
  ruleWords?: Readonly<Record<string, string>>;
  /** The Form.Items. */
  children: ReactNode;
}

/**
 * The create-or-edit dialog of a catalogue row. Saving keeps what was typed on a refusal: field problems
 * go under their fields, anything else is a notice (saveForm).
 */
export function CatalogueFormModal<Item extends { id: number }, Values, Input>({
  target,
  onClose,
  writes,
  title,
  saved,
  initialValues,
  toInput,
  fields,
  fieldOfCode,
  ruleWords,
  children,
}: CatalogueFormModalProps<Item, Values, Input>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { create, update } = writes;
  const editing = target?.mode === 'edit' ? target.item : null;

  const save = async (values: Values) => {
    const input = toInput(values, editing);
    let refusal: unknown;
    const write = () => (editing ? update.mutateAsync({ id: editing.id, ...input }) : create.mutateAsync(input));
    const done = await saveForm(
      t,
      message,
      form,
      () =>
        write().catch((error: unknown) => {
          refusal = error;
          throw error;
        }),
      { fields, fieldOfCode, success: editing ? saved.edit : saved.create, onSaved: onClose },
    );
    if (!done && ruleWords && refusal instanceof ApiError) showOwnWords(refusal, ruleWords, form);
  };

  return (
    <FormModal
      open={target !== null}
      title={editing ? title.edit : title.create}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initialValues(editing) ?? undefined} onFinish={save}>
        {children}
      </Form>
    </FormModal>
  );
}

/** Replaces the generic wording saveForm put under a field with the page's own, where it has one. */
function showOwnWords(refusal: ApiError, ruleWords: Readonly<Record<string, string>>, form: FormInstance) {
  const own = refusal.fieldErrors.flatMap((problem) => {
    const words = ruleWords[`${problem.field}:${problem.rule}`];
    return words ? [{ name: problem.field, errors: [words] }] : [];
  });
  if (own.length > 0) form.setFields(own);
}
