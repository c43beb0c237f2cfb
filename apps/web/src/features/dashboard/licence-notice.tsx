import type { Dashboard } from '@crm/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Days left at which the notice turns from information to a warning. */
const WARN_DAYS = 14;

const dateText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Spec §2 dashboard "licence days left": nothing when the company has no end date. */
export function LicenceNotice({ licence }: { licence: Dashboard['licence'] }) {
  const { t } = useTranslation();
  if (!licence) return null;
  const { days_left: days, ends_on: endsOn } = licence;
  const expired = days < 0;
  return (
    <Alert
      showIcon
      type={expired ? 'error' : days <= WARN_DAYS ? 'warning' : 'info'}
      title={
        expired
          ? t('dashboard.licence.expired', { date: dateText(endsOn) })
          : t('dashboard.licence.daysLeft', { count: days, date: dateText(endsOn) })
      }
      data-testid="licence"
    />
  );
}
