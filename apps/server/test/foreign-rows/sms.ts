import { smsTemplates } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/**
 * The other company's SMS template, its student's SMS history, a rule name, and its delivery-report URL with
 * a made-up secret (the walk's companies have no SMS account secret anyone could know).
 */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const [template] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(smsTemplates)
      .values({ companyId: foreign.id, title: 'Foreign', text: 'Salom {student_name}' })
      .returning({ id: smsTemplates.id }),
  );
  return {
    '/api/v1/sms/templates/:id': {
      params: { id: template?.id as number },
      bodies: { PUT: { title: 'Mine now', text: 'Salom' } },
    },
    '/api/v1/user/:id/sms_history': { params: { id: foreign.users.student.id } },
    // A rule is a name, and every company has the same ones: the walk names none of them (404).
    '/api/v1/auto-sms/:rule': { params: { rule: 'not-a-rule' }, bodies: { PUT: { enabled: true, text: 'Salom' } } },
    '/api/v1/auto-sms/:rule/preview': { params: { rule: 'not-a-rule' } },
    '/api/v1/sms/callback/:company_id/:secret': { params: { company_id: foreign.id, secret: 'x'.repeat(32) } },
  };
};
