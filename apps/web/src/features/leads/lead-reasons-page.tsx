import { type LeadReason, leadReasonInputSchema } from '@crm/contracts';
import { useTranslation } from 'react-i18next';
import { NamedCataloguePage } from '../catalogue/named-catalogue-page';
import { useLeadReasonMutations, useLeadReasons } from './lead-options-api';

/** Spec §2 lead-reasons: why leads are deleted from the board (spec §3: title, staff, active or archived). */
export function LeadReasonsPage() {
  const { t } = useTranslation();
  const reasons = useLeadReasons(true);
  const writes = useLeadReasonMutations();
  return (
    <NamedCataloguePage<'title', LeadReason>
      spec={{
        words: 'leads.reasons',
        renamed: { name: 'reason', created: 'saved', updated: 'saved' },
        nameField: 'title',
        nameSchema: leadReasonInputSchema.shape.title,
        writes,
        activeInForm: true,
      }}
      list={reasons}
      rows={reasons.data}
      columns={[{ title: t('leads.reasons.staff'), key: 'staff', render: (_, r) => r.staff?.name ?? '—' }]}
      deleteWarning={() => t('leads.reasons.deleteWarning')}
      filter
    />
  );
}
