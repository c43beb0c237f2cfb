import type { FormKind, FormStatus } from '@crm/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const KIND_COLORS: Record<FormKind, string> = { form: 'blue', audit: 'purple', lead: 'orange' };

export function KindTag({ kind }: { kind: FormKind }) {
  const { t } = useTranslation();
  return <Tag color={KIND_COLORS[kind]}>{t(`forms.kinds.${kind}`)}</Tag>;
}

/** Published: it takes answers; a draft's page says the form is closed. */
export function StatusTag({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'published' ? 'green' : 'default'}>{t(`forms.statuses.${status}`)}</Tag>;
}
