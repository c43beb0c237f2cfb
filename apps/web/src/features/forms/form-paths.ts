import type { FormKind } from '@crm/contracts';

/** The form builder's addresses (spec §2 form/*, /entry/form/{id}). */

export const FORM_LIST_PATH = '/form/list';
export const FORM_CREATE_PATH = '/form/create';
/** Spec §2 form/lead-form: the lead forms alone. */
export const LEAD_FORM_LIST_PATH = '/form/lead-form';
export const FORM_GENERATOR_PATH = '/form/generator';
export const formEditPath = (id: number) => `/form/edit/${id}`;
export const formInfoPath = (id: number) => `/form/info/${id}`;
export const formTemplatePath = (template: string) => `${FORM_CREATE_PATH}?template=${template}`;
/** A blank form of a kind: the builder opens with that kind chosen. */
export const formCreatePath = (kind: FormKind) => `${FORM_CREATE_PATH}?kind=${kind}`;

/**
 * The public page's full address. The page is served by the company's own subdomain, the one the staff
 * member is signed in on, so the current host is the visitor's host too.
 */
export const publicFormUrl = (path: string) => `${window.location.origin}${path}`;

const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The snippet a site owner pastes to show the form on his own page. */
export const embedSnippet = (url: string, title: string) =>
  `<iframe src="${attribute(url)}" width="100%" height="900" style="border:0;max-width:640px" title="${attribute(title)}"></iframe>`;
