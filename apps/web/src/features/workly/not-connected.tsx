import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Flex, Steps, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/button-link';

/**
 * Workly has no credentials yet: what the page would show, and the three steps to get there. The way to the
 * settings is offered to who may change them (the server's policies); the others learn whom to ask.
 */
export function NotConnected({ canConnect }: { canConnect: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card>
      <Flex vertical gap={20} style={{ maxWidth: 720 }}>
        <Flex gap={16} align="flex-start">
          <ClockCircleOutlined style={{ fontSize: 36, color: token.colorPrimary, flex: 'none', marginTop: 4 }} />
          <div>
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
              {t('workly.notConnected.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('workly.notConnected.text')}
            </Typography.Paragraph>
          </div>
        </Flex>
        <Steps
          orientation="vertical"
          size="small"
          current={0}
          items={(['one', 'two', 'three'] as const).map((step) => ({
            title: t(`workly.notConnected.steps.${step}.title`),
            content: t(`workly.notConnected.steps.${step}.text`),
          }))}
        />
        {canConnect ? (
          <div>
            <ButtonLink to="/settings#workly" type="primary">
              {t('workly.notConnected.openSettings')}
            </ButtonLink>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('workly.notConnected.askManager')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
