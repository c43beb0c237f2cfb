import type { TFunction } from 'i18next';
import type { schemaRule } from '../../shared/forms/field-rules';
import type { CatalogueWrites } from './catalogue-form-modal';

/**
 * A company's list of named things that can be switched off: archive reasons, lead deletion reasons,
 * expense types. One in use is deactivated rather than deleted, so the history that names it keeps it.
 */
export interface NamedItem {
  id: number;
  active: boolean;
}

/** Where a row keeps its name: a lead reason's `title`, everyone else's `name`. The words interpolate the same. */
export type NameField = 'name' | 'title';

export type NamedInput<F extends NameField> = Record<F, string> & { active?: boolean };

export interface NamedCatalogueWrites<F extends NameField> extends CatalogueWrites<NamedInput<F>> {
  update: CatalogueWrites<NamedInput<F>>['update'] & { variables?: { id: number } };
  /** DELETE answers whether the row was deleted or, being in use, only deactivated. */
  remove: { mutateAsync(id: number): Promise<{ deactivated?: boolean }> };
}

/** Keys of the page's words section that some page names otherwise (lead reasons: `reason`, `saved`). */
export type RenamedWord = 'name' | 'created' | 'updated';

export interface NamedCatalogueSpec<F extends NameField> {
  /**
   * The i18n section of the page's words: title, add, empty, createFirst, createTitle, editTitle, name,
   * active, activeLabel, editLabel, deleteLabel, deleteQuestion, created, updated, activated, deactivated,
   * deleted, deactivatedInUse, and (with the filter) all, onlyActive, onlyInactive, (with the switch in the
   * dialog) activeHint.
   */
  words: string;
  renamed?: Partial<Record<RenamedWord, string>>;
  nameField: F;
  /** The contracts' rule of the name, so the browser refuses what the server would. */
  nameSchema: Parameters<typeof schemaRule>[1];
  writes: NamedCatalogueWrites<F>;
  /** Whether the dialog has the active switch; without it a new row starts active and an edit keeps it. */
  activeInForm: boolean;
  /** The page's own words for a field's broken rule, by `field:rule` (CatalogueFormModal). */
  ruleWords?: Readonly<Record<string, string>>;
}

/** The page's word `key`, with `values` to interpolate. */
export const wordOf =
  <F extends NameField>(t: TFunction, spec: Pick<NamedCatalogueSpec<F>, 'words' | 'renamed'>) =>
  (key: string, values?: Record<string, unknown>) =>
    t(`${spec.words}.${spec.renamed?.[key as RenamedWord] ?? key}`, values);

/** `{ name: … }` or `{ title: … }`: the row's name as its input and its words take it. */
export const named = <F extends NameField>(field: F, name: string) => ({ [field]: name }) as Record<F, string>;
