import { formRoutes, type PublicAnswerInput } from '@crm/contracts';
import { api } from '../../shared/api/api';

// Every call here is public: a 401 or 403 is no reason to end a signed-in visitor's session.

/** GET /public/form/{id}: a published form of the subdomain's company. */
export const fetchPublicForm = (id: number) => api(formRoutes.publicForm, { params: { id }, handleErrors: false });

export const sendPublicAnswer = (id: number, body: PublicAnswerInput) =>
  api(formRoutes.answerPublicForm, { params: { id }, body, handleErrors: false });

/** An audit link: its form, company and the student's token. */
export interface AuditLink {
  formId: number;
  companyId: number;
  token: string;
}

const auditRequest = ({ formId, companyId, token }: AuditLink) => ({
  params: { form_id: formId, company_id: companyId },
  query: { token },
  handleErrors: false,
});

export const fetchAuditForm = (link: AuditLink) => api(formRoutes.auditForm, auditRequest(link));

export const sendAuditAnswer = (link: AuditLink, body: PublicAnswerInput) =>
  api(formRoutes.answerAuditForm, { ...auditRequest(link), body });
