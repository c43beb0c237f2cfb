import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-text';

/** Copies a text and says so (or says to copy it by hand). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Button
      icon={<CopyOutlined />}
      onClick={async () => {
        if (await copyText(text)) message.success(t('forms.sharing.copied'));
        else message.warning(t('forms.sharing.copyByHand'));
      }}
    >
      {label}
    </Button>
  );
}
