import { forms, landingPages } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

const FIELDS = [{ key: 'q', type: 'short_answer', label: 'Question', help: '', required: true, max_length: 300 }];
const formBody = { title: 'Mine now', fields: FIELDS };
const answerBody = { values: { q: 'hello' }, source: {} };

/**
 * The other company's published public and audit forms: the builder's calls read them as absent (404), and so
 * do the public pages asked on this company's subdomain.
 */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const [form, audit] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(forms)
      .values([
        { companyId: foreign.id, kind: 'form', title: 'Foreign form', fields: FIELDS, status: 'published' },
        { companyId: foreign.id, kind: 'audit', title: 'Foreign audit', fields: FIELDS, status: 'published' },
      ])
      .returning({ id: forms.id }),
  );
  if (!form || !audit) throw new Error('foreign forms not made');
  const [landing] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(landingPages)
      .values({ companyId: foreign.id, slug: 'theirs', locale: 'uz', title: 'Theirs', blocks: [], status: 'published' })
      .returning({ id: landingPages.id }),
  );
  const withForm = { params: { id: form.id } };
  return {
    '/api/v1/form/:id': { ...withForm, bodies: { PUT: formBody } },
    '/api/v1/form/:id/publish': { ...withForm, bodies: { POST: { published: false } } },
    '/api/v1/form/:id/answers': withForm,
    '/api/v1/form/:id/answers/export': withForm,
    '/api/v1/form/:id/report': withForm,
    '/api/v1/form/:id/audit-links': { params: { id: audit.id }, bodies: { POST: { group_ids: [1] } } },
    '/api/v1/landing-pages/:id': {
      params: { id: landing!.id },
      bodies: { PUT: { slug: 'mine', locale: 'uz', title: 'Mine', blocks: [{ type: 'courses' }] } },
    },
    '/api/v1/form/picture/:company_id/:key': { params: { company_id: foreign.id, key: '0'.repeat(32) } },
    '/api/v1/public/form/:id': { ...withForm, bodies: { POST: answerBody } },
    '/api/v1/public/audit/:form_id/:company_id': {
      params: { form_id: audit.id, company_id: foreign.id },
      bodies: { POST: answerBody },
    },
  };
};
