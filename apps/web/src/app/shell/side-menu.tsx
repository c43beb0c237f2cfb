import {
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DashboardOutlined,
  DollarOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  GiftOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MessageOutlined,
  ReadOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { CompanyPublic, Me } from '@crm/contracts';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLicence } from '../../features/licence/licence-api';
import { roleIdsOf } from '../../shared/session/session-store';
import { isSection, labelKeyOf, type NavLeaf } from '../navigation/nav-items';
import { menuContextOf, visibleMenu } from '../navigation/visible-menu';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  leads: <FunnelPlotOutlined />,
  students: <TeamOutlined />,
  teachers: <IdcardOutlined />,
  groups: <AppstoreOutlined />,
  'courses-shortcut': <BookOutlined />,
  'course-lessons': <ReadOutlined />,
  'pay-online': <WalletOutlined />,
  salary: <WalletOutlined />,
  rooms: <LayoutOutlined />,
  reminders: <BellOutlined />,
  rating: <TrophyOutlined />,
  forms: <FormOutlined />,
  finance: <DollarOutlined />,
  reports: <BarChartOutlined />,
  messages: <MessageOutlined />,
  gamification: <GiftOutlined />,
  shop: <ShoppingOutlined />,
  management: <SettingOutlined />,
};

const isCurrent = (leaf: NavLeaf, pathname: string, hash: string) =>
  leaf.path === pathname && (!leaf.hash || hash === `#${leaf.hash}`);

export function SideMenu({ user, company }: { user: Me; company: CompanyPublic }) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  // The shell's licence notice asks the same query: one request for both.
  const policies = useLicence().data?.policies;
  const entries = useMemo(
    () => visibleMenu(roleIdsOf(user), menuContextOf(company, policies)),
    [user, company, policies],
  );

  const leafItem = (leaf: NavLeaf) => ({
    key: leaf.key,
    icon: ICONS[leaf.key],
    label: <Link to={{ pathname: leaf.path, hash: leaf.hash }}>{t(labelKeyOf(leaf))}</Link>,
  });
  const items: MenuProps['items'] = entries.map((entry) =>
    isSection(entry)
      ? { key: entry.key, icon: ICONS[entry.key], label: t(`nav.${entry.key}`), children: entry.children.map(leafItem) }
      : leafItem(entry),
  );

  const leaves = entries.flatMap((entry) => (isSection(entry) ? entry.children : [entry]));
  const selected = leaves.filter((leaf) => isCurrent(leaf, pathname, hash)).map((leaf) => leaf.key);
  const openSection = entries.find((entry) => isSection(entry) && entry.children.some((c) => selected.includes(c.key)));

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={openSection ? [openSection.key] : []}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
