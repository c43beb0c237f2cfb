import { auditLinkQuerySchema } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { type AuditLink, fetchAuditForm, sendAuditAnswer } from './public-form-api';
import { PublicFormScreen } from './public-form-screen';

/**
 * Spec §2 /entry/audit/{form_id}/{company_id}?token=…: a student's personal link (sent by SMS) to the
 * audit form about his group's lessons; answered once.
 */
export function AuditFormPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const link: AuditLink = { formId: Number(params.form_id), companyId: Number(params.company_id), token };
  const valid =
    auditLinkQuerySchema.safeParse({ token }).success && [link.formId, link.companyId].every((id) => id > 0);
  const form = useQuery({
    queryKey: ['audit-form', link],
    queryFn: () => fetchAuditForm(link),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <PublicFormScreen
      form={form}
      send={(body) => sendAuditAnswer(link, body)}
      outcome={valid ? undefined : 'unknown'}
    />
  );
}
