import {
  AppstoreOutlined,
  CommentOutlined,
  EnvironmentOutlined,
  FormOutlined,
  PictureOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LANDING_BLOCK_TYPES, type LandingBlockType } from '@crm/contracts';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<LandingBlockType, ReactNode> = {
  hero: <PictureOutlined />,
  courses: <AppstoreOutlined />,
  teachers: <UserOutlined />,
  groups: <TeamOutlined />,
  testimonials: <CommentOutlined />,
  contacts: <EnvironmentOutlined />,
  lead_form: <FormOutlined />,
};

/** A page holds at most this many blocks (the contract's limit). */
export const MAX_BLOCKS = 30;

/** One button per kind of block; the new block goes to the end of the page. */
export function BlockPalette({ count, onAdd }: { count: number; onAdd: (type: LandingBlockType) => void }) {
  const { t } = useTranslation();
  const full = count >= MAX_BLOCKS;
  return (
    <Flex vertical gap={8} role="group" aria-label={t('landingPages.blocks.add')}>
      <Typography.Text strong>{t('landingPages.blocks.add')}</Typography.Text>
      <Flex wrap gap={8}>
        {LANDING_BLOCK_TYPES.map((type) => (
          <Button key={type} icon={ICONS[type]} disabled={full} onClick={() => onAdd(type)}>
            {t(`landingPages.types.${type}`)}
          </Button>
        ))}
      </Flex>
      {full && (
        <Typography.Text type="secondary">{t('landingPages.blocks.full', { limit: MAX_BLOCKS })}</Typography.Text>
      )}
    </Flex>
  );
}
