import { StopOutlined } from '@ant-design/icons';
import { Flex, Radio, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETTINGS_PATH } from './landing-paths';

/** The "no background" choice (a radio needs a value; the body says null). */
export const NO_BACKGROUND = '';

const THUMB: CSSProperties = { width: 120, height: 80, borderRadius: 6, display: 'block', objectFit: 'cover' };

interface BackgroundChoiceProps {
  backgrounds: readonly string[];
  value?: string;
  onChange?: (value: string) => void;
}

/** One of the company's backgrounds as thumbnails, or none: a radio group, so arrows and Space choose too. */
export function BackgroundChoice({ backgrounds, value = NO_BACKGROUND, onChange }: BackgroundChoiceProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const none = (
    <span
      style={{ ...THUMB, display: 'grid', placeItems: 'center', background: token.colorFillQuaternary }}
      aria-hidden
    >
      <StopOutlined />
    </span>
  );
  return (
    <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value)} style={{ width: '100%' }}>
      <Flex wrap gap={12}>
        <Radio value={NO_BACKGROUND}>
          <Flex vertical gap={4}>
            {none}
            <Typography.Text type="secondary">{t('loginLook.noBackground')}</Typography.Text>
          </Flex>
        </Radio>
        {backgrounds.map((address, index) => (
          <Radio key={address} value={address}>
            <Flex vertical gap={4}>
              <img src={address} alt="" style={THUMB} />
              <Typography.Text type="secondary">{t('loginLook.background', { number: index + 1 })}</Typography.Text>
            </Flex>
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}

/**
 * Where the logo and the backgrounds come from: the company settings, which only some of the forms roles may open
 * (policies.edit_pictures); the others are told who uploads them.
 */
export function PicturesNote({ canUpload }: { canUpload: boolean }) {
  const { t } = useTranslation();
  return canUpload ? (
    <Typography.Text type="secondary">
      {t('loginLook.picturesHere')} <Link to={SETTINGS_PATH}>{t('loginLook.toSettings')}</Link>
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">{t('loginLook.picturesByOwner')}</Typography.Text>
  );
}
