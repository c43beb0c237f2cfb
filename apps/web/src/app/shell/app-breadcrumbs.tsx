import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitleOf } from '../../shared/ui/page-title';
import { breadcrumbTrail } from '../navigation/breadcrumb-trail';
import { navRoutes } from '../navigation/nav-items';

const PAGES = new Set(navRoutes().map((route) => route.path));

export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pageTitle = usePageTitleOf(pathname);
  const crumbs = breadcrumbTrail(pathname, PAGES).map(({ segment, path, linked }) => {
    const title = (path === pathname && pageTitle) || t(`nav.${segment}`, { defaultValue: segment });
    return { key: path, title: linked ? <Link to={path}>{title}</Link> : title };
  });
  const home = {
    key: '/',
    title: (
      <Link to="/" aria-label={t('app.home')}>
        <HomeOutlined />
      </Link>
    ),
  };
  return <Breadcrumb items={[home, ...crumbs]} style={{ marginBottom: 16 }} />;
}
