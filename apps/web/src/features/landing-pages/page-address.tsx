import { ExportOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { publicLandingAddress } from './landing-paths';

/** Opens the page as visitors see it, in a new tab (the editor stays open). */
export function OpenPageButton({ path, title, iconOnly = false }: { path: string; title: string; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const label = t('landingPages.open', { title });
  return (
    <Button
      href={path}
      target="_blank"
      rel="noopener"
      icon={<ExportOutlined />}
      aria-label={label}
      title={iconOnly ? label : undefined}
    >
      {iconOnly ? null : t('landingPages.openShort')}
    </Button>
  );
}

/** The page's public address, with a button that copies it (to paste into an ad or a message). */
export function CopyAddress({ path }: { path: string }) {
  const { t } = useTranslation();
  const address = publicLandingAddress(path);
  return (
    <Typography.Text
      copyable={{ text: address, tooltips: [t('landingPages.copy'), t('landingPages.copied')] }}
      style={{ overflowWrap: 'anywhere' }}
    >
      {path}
    </Typography.Text>
  );
}
