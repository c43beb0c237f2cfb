import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@crm/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shown = language.toUpperCase();
  // The name starts with what the button shows, so "UZ" spoken by a voice-control user finds it (WCAG 2.5.3).
  const name = `${shown}, ${t('header.language')}`;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LANGUAGES.map((option) => ({ key: option, label: t(`languages.${option}`), lang: option })),
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={name} title={t('header.language')}>
        {shown}
      </Button>
    </Dropdown>
  );
}
