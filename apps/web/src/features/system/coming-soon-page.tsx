import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { labelKeyOf, navLeaves } from '../../app/navigation/nav-items';

/** Stands in, inside the shell, for every menu page that is not built yet. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const leaf = navLeaves().find((item) => item.path === pathname);
  const lastSegment = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const section = t(leaf ? labelKeyOf(leaf) : `nav.${lastSegment}`, { defaultValue: lastSegment });
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: token.colorPrimary }} />}
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('pages.comingSoon.title', { section })}</h1>}
      subTitle={t('pages.comingSoon.text')}
      extra={<Button onClick={() => navigate('/')}>{t('common.backHome')}</Button>}
    />
  );
}
