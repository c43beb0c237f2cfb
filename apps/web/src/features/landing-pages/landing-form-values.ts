import type { LandingBlock, LandingBlockType, LandingPage, LandingPageInput, Language } from '@crm/contracts';

/**
 * A block as the editor holds it: the contract's block, with the choices still to make left undefined (a select
 * shows its placeholder for undefined, not for null) and an empty map link as ''.
 */
export type BlockValues =
  | Extract<LandingBlock, { type: 'hero' | 'courses' | 'teachers' | 'testimonials' }>
  | (Omit<Extract<LandingBlock, { type: 'groups' }>, 'branch_id'> & { branch_id?: number })
  | (Omit<Extract<LandingBlock, { type: 'contacts' }>, 'map_url'> & { map_url: string })
  | (Omit<Extract<LandingBlock, { type: 'lead_form' }>, 'form_id'> & { form_id?: number });

export interface LandingFormValues {
  slug: string;
  locale: Language;
  title: string;
  description: string;
  /** '' for none. */
  pixel_id: string;
  published: boolean;
  blocks: BlockValues[];
}

/** A fresh block of a type, as the palette adds it: empty texts, nothing chosen. */
export function newBlock(type: LandingBlockType): BlockValues {
  switch (type) {
    case 'hero':
      return { type, heading: '', text: '', button: '', image: null };
    case 'courses':
      return { type, heading: '', course_ids: [] };
    case 'teachers':
      return { type, heading: '', teacher_ids: [] };
    case 'groups':
      return { type, heading: '' };
    case 'testimonials':
      return { type, heading: '', items: [{ name: '', text: '' }] };
    case 'contacts':
      return { type, heading: '', address: '', phone: '', map_url: '' };
    case 'lead_form':
      return { type, heading: '' };
  }
}

/** A new page: an empty draft in the interface's language; its blocks are added from the palette. */
export const emptyLandingPage = (locale: Language): LandingFormValues => ({
  slug: '',
  locale,
  title: '',
  description: '',
  pixel_id: '',
  published: false,
  blocks: [],
});

function blockValuesOf(block: LandingBlock): BlockValues {
  switch (block.type) {
    case 'groups':
      return { ...block, branch_id: block.branch_id ?? undefined };
    case 'contacts':
      return { ...block, map_url: block.map_url ?? '' };
    default:
      return block;
  }
}

/** A saved page's values, to change it. */
export const landingValuesOf = (page: LandingPage): LandingFormValues => ({
  slug: page.slug,
  locale: page.locale,
  title: page.title,
  description: page.description,
  pixel_id: page.pixel_id ?? '',
  published: page.published,
  blocks: page.blocks.map(blockValuesOf),
});

function blockInputOf(block: BlockValues): LandingPageInput['blocks'][number] {
  switch (block.type) {
    case 'groups':
      return { ...block, branch_id: block.branch_id ?? null };
    case 'contacts':
      return { ...block, map_url: block.map_url.trim() || null };
    case 'lead_form':
      // The form checks that a form is chosen before it sends; 0 would be refused under the select all the same.
      return { ...block, form_id: block.form_id ?? 0 };
    default:
      return block;
  }
}

/** The body of POST/PUT /landing-pages. */
export const landingInputOf = (values: LandingFormValues): LandingPageInput => ({
  slug: values.slug.trim().toLowerCase(),
  locale: values.locale,
  title: values.title,
  description: values.description,
  pixel_id: values.pixel_id.trim() || null,
  published: values.published,
  blocks: values.blocks.map(blockInputOf),
});

/** A server's dotted field (`blocks.2.items.0.name`) as the editor's name path (['blocks', 2, 'items', 0, 'name']). */
export const namePathOf = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
