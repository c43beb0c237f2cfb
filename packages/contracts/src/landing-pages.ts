import { z } from 'zod';
import { idSchema, requiredText } from './common.js';
import { pixelIdSchema } from './forms.js';
import { LANGUAGES } from './locale.js';

/**
 * Landing pages (spec §2 /landing-page/{slug}; issue 20): simple public pages a centre builds from blocks,
 * one language each, rendered by the server as plain HTML (fast on a phone, readable by search engines), and
 * the company's log-in page look (form/login-form).
 */

export const LANDING_BLOCK_TYPES = [
  'hero',
  'courses',
  'teachers',
  'groups',
  'testimonials',
  'contacts',
  'lead_form',
] as const;
export type LandingBlockType = (typeof LANDING_BLOCK_TYPES)[number];

/** A slug: lower-case letters, digits and inner hyphens; unique in the company. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, { message: 'slug_invalid' });

const heading = z.string().trim().max(160).default('');
/** A picture stored by the app (an address of this server) or any https address. */
const pictureAddress = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/api\/v1\/|https:\/\/)/, { message: 'picture_address_invalid' });

export const landingBlockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hero'),
    heading: requiredText(160),
    text: z.string().trim().max(1000).default(''),
    image: pictureAddress.nullable().default(null),
    /** The button scrolls to the page's lead form (none: no button). */
    button: z.string().trim().max(60).default(''),
  }),
  /** The catalogue's courses with their prices (none chosen: every course). */
  z.object({ type: z.literal('courses'), heading, course_ids: z.array(idSchema).max(50).default([]) }),
  z.object({ type: z.literal('teachers'), heading, teacher_ids: z.array(idSchema).max(50).default([]) }),
  /** Groups still gathering students (status "selection"), of one branch or all. */
  z.object({ type: z.literal('groups'), heading, branch_id: idSchema.nullable().default(null) }),
  z.object({
    type: z.literal('testimonials'),
    heading,
    items: z
      .array(z.object({ name: requiredText(80), text: requiredText(600) }))
      .min(1)
      .max(12),
  }),
  z.object({
    type: z.literal('contacts'),
    heading,
    address: z.string().trim().max(300).default(''),
    phone: z.string().trim().max(40).default(''),
    /** A map link (Google, Yandex, 2GIS…): https only. */
    map_url: z
      .string()
      .trim()
      .max(500)
      .regex(/^https:\/\//, { message: 'https_address' })
      .nullable()
      .default(null),
  }),
  /** A published lead form of the company, embedded. */
  z.object({ type: z.literal('lead_form'), heading, form_id: idSchema }),
]);
export type LandingBlock = z.infer<typeof landingBlockSchema>;
export type LandingBlockInput = z.input<typeof landingBlockSchema>;

export const landingPageInputSchema = z.object({
  slug: slugSchema,
  locale: z.enum(LANGUAGES),
  /** The page's title for search engines and the browser tab. */
  title: requiredText(120),
  description: z.string().trim().max(300).default(''),
  pixel_id: pixelIdSchema.nullable().default(null),
  blocks: z.array(landingBlockSchema).min(1).max(30),
  published: z.boolean().default(false),
});
export type LandingPageInput = z.input<typeof landingPageInputSchema>;

export const landingPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  locale: z.enum(LANGUAGES),
  title: z.string(),
  description: z.string(),
  pixel_id: z.string().nullable(),
  blocks: z.array(landingBlockSchema),
  published: z.boolean(),
  /** Where it is read: `/landing-page/{slug}` on the company's subdomain. */
  path: z.string(),
  updated_at: z.string(),
  policies: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const landingPageListSchema = z.object({
  data: z.array(landingPageSchema.omit({ blocks: true })),
  policies: z.object({ create: z.boolean() }),
});
export type LandingPageList = z.infer<typeof landingPageListSchema>;

/** The log-in page's welcome text, by language (a language left empty shows none). */
const welcomeText = z.string().trim().max(300).default('');
export const welcomeTextsSchema = z.object({ uz: welcomeText, ru: welcomeText, en: welcomeText, id: welcomeText });

export const loginLookInputSchema = z.object({
  welcome: welcomeTextsSchema.default({ uz: '', ru: '', en: '', id: '' }),
  /** One of the company's backgrounds (uploaded in the settings), or none. */
  background: z.string().max(300).nullable().default(null),
});
export type LoginLookInput = z.input<typeof loginLookInputSchema>;

export const loginLookSchema = z.object({
  welcome: z.record(z.enum(LANGUAGES), z.string()),
  background: z.string().nullable(),
  logo: z.string().nullable(),
  backgrounds: z.array(z.string()),
  /** The logo and backgrounds are uploaded in the company settings, which not every forms role may open. */
  policies: z.object({ edit: z.boolean(), edit_pictures: z.boolean() }),
});
export type LoginLook = z.infer<typeof loginLookSchema>;

/** What the log-in page shows of it (the company of the subdomain). */
export const publicLoginLookSchema = loginLookSchema.pick({ welcome: true, background: true });
export type PublicLoginLook = z.infer<typeof publicLoginLookSchema>;

const choiceSchema = z.object({ id: z.number().int(), name: z.string() });
/** What a page's blocks may show, for its builder (a marketer may not list courses or teachers elsewhere). */
export const landingChoicesSchema = z.object({ courses: z.array(choiceSchema), teachers: z.array(choiceSchema) });
export type LandingChoices = z.infer<typeof landingChoicesSchema>;

export const slugParamsSchema = z.object({ slug: z.string().max(80) });
