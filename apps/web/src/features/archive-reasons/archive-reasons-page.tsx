import { type ArchiveReason, archiveReasonInputSchema } from '@crm/contracts';
import { useTranslation } from 'react-i18next';
import { NamedCataloguePage } from '../catalogue/named-catalogue-page';
import { useArchiveReasonMutations, useArchiveReasons } from './archive-reasons-api';

/** Spec §2 archive_reasons/list: why students leave groups. */
export function ArchiveReasonsPage() {
  const { t } = useTranslation();
  const reasons = useArchiveReasons();
  const writes = useArchiveReasonMutations();
  return (
    <NamedCataloguePage<'name', ArchiveReason>
      spec={{
        words: 'archiveReasons',
        nameField: 'name',
        nameSchema: archiveReasonInputSchema.shape.name,
        writes,
        activeInForm: true,
      }}
      list={reasons}
      rows={reasons.data?.data}
      columns={[
        { title: t('archiveReasons.usage'), dataIndex: 'usage_count', key: 'usage', width: 130, responsive: ['sm'] },
      ]}
      deleteWarning={(r) =>
        r.usage_count ? t('archiveReasons.deleteInUse', { count: r.usage_count }) : t('archiveReasons.deleteWarning')
      }
      filter
    />
  );
}
