import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateText } from '../groups/dates';
import { useLicence } from './licence-api';
import { BILLING_PATH } from './licence-paths';

/**
 * The shell's banner under the header (decision 0026): a licence about to end (fewer than
 * LICENCE_WARNING_DAYS left: the server's 'ending') or ended and read-only (its 'grace'). It links to /billing
 * for who may order there; everyone else learns why nothing can be saved.
 */
export function LicenceNotice() {
  const { t } = useTranslation();
  const { data } = useLicence();
  if (!data) return null;
  const { licence, policies } = data;
  if (licence.state !== 'ending' && licence.state !== 'grace') return null;
  const text =
    licence.state === 'ending'
      ? t('licence.notice.ending', { count: licence.days_left ?? 0, date: dateText(licence.ends_on) })
      : t('licence.notice.grace', { date: dateText(licence.grace_ends_on) });
  const link = policies.billing_visible && policies.can_order && (
    <Link to={BILLING_PATH}>{t('licence.notice.renew')}</Link>
  );
  return (
    <Alert
      banner
      type={licence.state === 'ending' ? 'warning' : 'error'}
      title={text}
      action={link || undefined}
      data-testid="licence-notice"
    />
  );
}
