import { SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useOwnTelegramLink, useTelegramLinkActions } from './telegram-bot-api';

/**
 * Issue 24: the person's own link to the centre's Telegram bot. "Link" opens a one-time deep link (Telegram
 * then asks him to press Start); after it his automatic messages come there instead of SMS. Unlinking asks
 * first, since his messages then go by SMS again.
 */
export function TelegramLinkCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const link = useOwnTelegramLink();
  const { newLink, unlink, refresh } = useTelegramLinkActions();
  const [opened, setOpened] = useState<string | null>(null);

  if (link.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (link.isError) return <Alert type="error" showIcon title={errorMessage(t, link.error)} />;
  // Without a bot nobody can link; someone linked before still sees it and can unlink.
  if (!link.data.available && !link.data.linked) return null;

  const open = () =>
    newLink.mutate(undefined, {
      onSuccess: ({ url }) => {
        setOpened(url);
        window.open(url, '_blank', 'noopener');
      },
    });
  const askUnlink = () =>
    modal.confirm({
      title: t('telegramBot.unlinkTitle'),
      content: t('telegramBot.unlinkText'),
      okText: t('telegramBot.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => unlink.mutateAsync(),
    });

  return (
    <Card size="small" title={t('telegramBot.title')}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={8} wrap>
          {link.data.linked ? (
            <Tag color="green">{t('telegramBot.linked')}</Tag>
          ) : (
            <Tag>{t('telegramBot.notLinked')}</Tag>
          )}
          <Typography.Text type="secondary">
            {t(link.data.linked ? 'telegramBot.linkedHint' : 'telegramBot.hint')}
          </Typography.Text>
        </Flex>
        {newLink.isError && <Alert type="error" showIcon title={errorMessage(t, newLink.error)} />}
        {opened && !link.data.linked && (
          <Alert
            type="info"
            showIcon
            title={t('telegramBot.pressStart')}
            action={<Button onClick={() => void refresh()}>{t('telegramBot.check')}</Button>}
          />
        )}
        <Flex gap={8} wrap>
          {link.data.linked ? (
            <Button danger loading={unlink.isPending} onClick={askUnlink}>
              {t('telegramBot.unlink')}
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined />} loading={newLink.isPending} onClick={open}>
              {t('telegramBot.link')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
