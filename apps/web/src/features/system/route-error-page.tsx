import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Shown when a page fails to render or its code fails to load (e.g. after a new
 * release replaced the chunks). Kept out of lazy chunks: it must work when loading does not.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  console.error(useRouteError());
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: '100vh', padding: 16, textAlign: 'center', background: token.colorBgLayout }}
    >
      <h1 style={{ margin: 0, fontSize: 24, color: token.colorText }}>{t('pages.routeError.title')}</h1>
      <p style={{ margin: 0, maxWidth: 480, color: token.colorTextSecondary }}>{t('pages.routeError.text')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Flex>
  );
}
