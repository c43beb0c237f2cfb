import { z } from 'zod';
import { LANGUAGES, type Language } from './locale.js';

/**
 * The centre's offer (public contract) of issue 17: one text per interface language, published as numbered
 * versions; a student (or his parent at his log-in) accepts a version, staff may record a paper signature.
 * A new version asks everyone again. The text is plain text: paragraphs split by blank lines, never HTML.
 */

/** Long enough for a real contract (a typical public offer is 15–30k characters). */
export const OFFER_TEXT_MAX = 50_000;

/** The text in each language it was written in; a language left out has no text. */
export const offerTextsSchema = z.object({
  uz: z.string().optional(),
  ru: z.string().optional(),
  en: z.string().optional(),
  id: z.string().optional(),
});
export type OfferTexts = z.infer<typeof offerTextsSchema>;

/** Where one person stands: the version in force, the last one he accepted, and whether that is it. */
export const offerStateSchema = z.object({
  /** None: the centre has published no offer, nobody is asked. */
  current_version: z.number().int().nullable(),
  accepted_version: z.number().int().nullable(),
  accepted_at: z.string().nullable(),
  /** He accepted the version in force. */
  signed: z.boolean(),
});
export type OfferState = z.infer<typeof offerStateSchema>;

/** GET /offer: the version in force with its texts, the caller's own state and what he may do. */
export const offerSchema = z.object({
  current: z
    .object({
      version: z.number().int(),
      texts: offerTextsSchema,
      published_at: z.string(),
    })
    .nullable(),
  state: offerStateSchema,
  policies: z.object({
    /** Publish a new version (the settings area). */
    can_publish: z.boolean(),
    /** Accept for himself: the offer is the students' contract. */
    can_accept: z.boolean(),
  }),
});
export type Offer = z.infer<typeof offerSchema>;

const offerTextInput = z.string().trim().max(OFFER_TEXT_MAX).optional();

/** POST /offer: the new version's texts; at least one language must say something. */
export const offerPublishSchema = z
  .object({
    texts: z.object({ uz: offerTextInput, ru: offerTextInput, en: offerTextInput, id: offerTextInput }),
  })
  .refine((v) => LANGUAGES.some((language) => (v.texts[language] ?? '') !== ''), {
    path: ['texts'],
    message: 'required',
  });
export type OfferPublishInput = z.infer<typeof offerPublishSchema>;

/** One published version, for the settings' history: who published it, in which languages, how many accepted. */
export const offerVersionSchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  published_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  acceptances: z.number().int(),
});
export type OfferVersion = z.infer<typeof offerVersionSchema>;

/** GET /offer/versions: newest first. */
export const offerVersionsSchema = z.object({ data: z.array(offerVersionSchema) });

/** GET /offer/versions/{version}: one version as it was published (what a student accepted). */
export const offerVersionDetailSchema = offerVersionSchema.extend({ texts: offerTextsSchema });
export type OfferVersionDetail = z.infer<typeof offerVersionDetailSchema>;

/** A version is a PostgreSQL integer: a larger number is refused as invalid (400), never sent to the database. */
export const offerVersionParamsSchema = z.object({ version: z.coerce.number().int().positive().max(2_147_483_647) });

/** PUT /user/{id}/offer: the version read (refused unless it is the one in force) and the language it was read in. */
export const offerAcceptSchema = z.object({
  version: z.number().int().positive(),
  language: z.enum(LANGUAGES),
});
export type OfferAcceptInput = z.infer<typeof offerAcceptSchema>;

/** The languages an offer has text in, in the interface's order. */
export const offerLanguages = (texts: OfferTexts): Language[] =>
  LANGUAGES.filter((language) => (texts[language] ?? '').trim() !== '');

/** The text to show a reader of `preferred`: his language, else the first language that has one. */
export function offerTextFor(texts: OfferTexts, preferred: string): { language: Language; text: string } | null {
  const languages = offerLanguages(texts);
  const language = languages.find((l) => l === preferred) ?? languages[0];
  return language ? { language, text: texts[language] as string } : null;
}
