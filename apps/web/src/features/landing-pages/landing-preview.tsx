import type { LandingPage } from '@crm/contracts';
import { Alert, Flex, Grid, Tabs, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { previewAddress } from './landing-paths';

/** The width of a common phone's screen: most visitors come from an ad on their phone. */
export const PHONE_WIDTH = 390;

/**
 * The saved page as the server renders it, in a phone-wide frame; a new address per saved version reloads it.
 * A draft has no public page yet (its address answers "not found"), so the frame waits for it to be published.
 */
export function LandingPreview({ page }: { page: Pick<LandingPage, 'path' | 'published' | 'updated_at' | 'title'> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!page.published) return <Alert type="info" showIcon title={t('landingPages.preview.draft')} />;
  return (
    <iframe
      key={page.updated_at}
      title={t('landingPages.preview.frame', { title: page.title })}
      src={previewAddress(page.path, page.updated_at)}
      style={{
        width: PHONE_WIDTH,
        maxWidth: '100%',
        height: 720,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    />
  );
}

/**
 * The editor with its preview: side by side where the screen is wide enough for both, else the preview in a
 * tab of its own (the editor stays drawn behind it, so nothing typed is lost by looking).
 */
export function EditorWithPreview({ editor, preview }: { editor: ReactNode; preview: ReactNode }) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().xl === true;
  if (wide) {
    return (
      <Flex gap={24} align="start">
        <div style={{ flex: 1, minWidth: 0 }}>{editor}</div>
        <Flex
          component="aside"
          vertical
          gap={8}
          aria-label={t('landingPages.preview.title')}
          style={{ width: PHONE_WIDTH + 2, flexShrink: 0, position: 'sticky', top: 16 }}
        >
          <Typography.Text strong>{t('landingPages.preview.title')}</Typography.Text>
          {preview}
        </Flex>
      </Flex>
    );
  }
  return (
    <Tabs
      items={[
        { key: 'editor', label: t('landingPages.preview.editorTab'), children: editor },
        { key: 'preview', label: t('landingPages.preview.title'), children: preview },
      ]}
    />
  );
}
