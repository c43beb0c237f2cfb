import type { LeadFormInfo, PublicLead } from '@crm/contracts';

export type { LeadFormInfo };

import { apiRequest } from '../../shared/api/api-client';

// Both calls are public: a 401 or 403 here is no reason to end anyone's session.
export const fetchLeadFormInfo = () => apiRequest<LeadFormInfo>('/public/lead-form', { handleErrors: false });

export const sendLead = (body: PublicLead) =>
  apiRequest<{ ok: true }>('/public/lead', { method: 'POST', body, handleErrors: false });
