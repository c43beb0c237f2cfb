import type { FormField, FormFieldType } from '@crm/contracts';
import { arrayMove } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { blankField, type FormDraft, newFieldKey } from './form-draft';

export type SettingsPatch = Partial<Omit<FormDraft, 'fields'>>;

/**
 * The builder's draft and every change the builder makes to it. The changes keep their identity from
 * render to render, so a field's editor is drawn again only when that field changes.
 */
export function useFormDraft(initial: FormDraft) {
  const [draft, setDraft] = useState(initial);
  /** The key of the field added last, so its editor takes the focus. */
  const [added, setAdded] = useState<string | null>(null);
  // New keys are drawn outside the state updates (React may run an update twice): against the fields as drawn.
  const fieldsNow = useRef(draft.fields);
  fieldsNow.current = draft.fields;

  const actions = useMemo(() => {
    const setFields = (change: (fields: FormField[]) => FormField[]) =>
      setDraft((current) => ({ ...current, fields: change(current.fields) }));
    const insertAfter = (key: string | null, field: FormField) => {
      setAdded(field.key);
      setFields((fields) => {
        const index = key === null ? fields.length - 1 : fields.findIndex((current) => current.key === key);
        return [...fields.slice(0, index + 1), field, ...fields.slice(index + 1)];
      });
    };
    return {
      patchSettings: (patch: SettingsPatch) => setDraft((current) => ({ ...current, ...patch })),
      add: (type: FormFieldType) => insertAfter(null, blankField(type, newFieldKey(fieldsNow.current))),
      /** Replaces a field by its key (an editor hands back the whole changed field). */
      update: (field: FormField) =>
        setFields((fields) => fields.map((current) => (current.key === field.key ? field : current))),
      /** A copy right below the field, with a key of its own. */
      duplicate: (key: string) => {
        const original = fieldsNow.current.find((field) => field.key === key);
        if (original) insertAfter(key, { ...original, key: newFieldKey(fieldsNow.current) });
      },
      remove: (key: string) => setFields((fields) => fields.filter((field) => field.key !== key)),
      move: (from: string, to: string) =>
        setFields((fields) => {
          const keys = fields.map((field) => field.key);
          return arrayMove(fields, keys.indexOf(from), keys.indexOf(to));
        }),
    };
  }, []);

  return { draft, added, actions };
}

export type DraftActions = ReturnType<typeof useFormDraft>['actions'];
