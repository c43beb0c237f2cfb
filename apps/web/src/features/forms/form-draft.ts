import {
  CHOICE_TYPES,
  FIELD_LIMITS,
  type Form,
  type FormField,
  type FormFieldType,
  type FormInput,
  type FormKind,
  SHOWN_ONLY_TYPES,
} from '@crm/contracts';

/**
 * What the builder edits: the form's settings and its fields, all in one object, so the preview, the
 * "unsaved changes" check and the body sent are read from the same place.
 */
export interface FormDraft {
  kind: FormKind;
  title: string;
  description: string;
  success_text: string;
  /** As typed; sent as null when blank. */
  pixel_id: string;
  /** A lead form's header picture: the address POST /form/picture?kind=lead_header answered. */
  image: string | null;
  branch_id: number | null;
  section_id: number | null;
  source_id: number | null;
  fields: FormField[];
}

export const emptyDraft = (kind: FormKind = 'form'): FormDraft => ({
  kind,
  title: '',
  description: '',
  success_text: '',
  pixel_id: '',
  image: null,
  branch_id: null,
  section_id: null,
  source_id: null,
  fields: [],
});

export const draftOf = (form: Form): FormDraft => ({
  kind: form.kind,
  title: form.title,
  description: form.description,
  success_text: form.success_text,
  pixel_id: form.pixel_id ?? '',
  image: form.image,
  branch_id: form.branch_id,
  section_id: form.section_id,
  source_id: form.source_id,
  fields: form.fields,
});

export const isQuestion = (type: FormFieldType) => !SHOWN_ONLY_TYPES.includes(type);
export const isChoice = (type: FormFieldType) => CHOICE_TYPES.includes(type);

const trimmed = (field: FormField): FormField => {
  const common = { ...field, label: field.label.trim(), help: field.help.trim() };
  return 'options' in common ? { ...common, options: common.options.map((option) => option.trim()) } : common;
};

/** The header picture the page shows: only a lead form has one (another kind keeps it in the draft, unsent). */
export const headerImageOf = (draft: FormDraft) => (draft.kind === 'lead' ? draft.image : null);

/** The body of POST/PUT /form: trimmed, and a lead form's header and board place only on a lead form. */
export function bodyOf(draft: FormDraft): FormInput {
  const lead = draft.kind === 'lead';
  return {
    kind: draft.kind,
    title: draft.title.trim(),
    description: draft.description.trim(),
    success_text: draft.success_text.trim(),
    pixel_id: draft.pixel_id.trim() || null,
    image: headerImageOf(draft),
    branch_id: lead ? draft.branch_id : null,
    section_id: lead ? draft.section_id : null,
    source_id: lead ? draft.source_id : null,
    fields: draft.fields.map(trimmed),
  };
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new field's key (fieldKeySchema): short and random, so two people's drafts or a duplicate never clash,
 * and stable, so answers stay matched to their field when it is renamed or moved.
 */
export function newFieldKey(taken: readonly FormField[]): string {
  const used = new Set(taken.map((field) => field.key));
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const key = Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
    if (!used.has(key)) return key;
  }
}

/** A new field of a type with empty texts (the checks ask for what is missing) and the contract's defaults. */
export function blankField(type: FormFieldType, key: string): FormField {
  const base = { key, label: '', help: '', required: false };
  switch (type) {
    case 'one_of_list':
    case 'dropdown':
      return { ...base, type, options: [] };
    case 'several_of_list':
      return { ...base, type, options: [], max_choices: null };
    case 'short_answer':
      return { ...base, type, max_length: FIELD_LIMITS.shortAnswer };
    case 'long_answer':
      return { ...base, type, max_length: 2000 };
    case 'nps':
      return { ...base, type, low_label: '', high_label: '' };
    case 'email':
    case 'phone':
      return { ...base, type };
    case 'text':
    case 'section':
      return { ...base, type, required: false };
  }
}
