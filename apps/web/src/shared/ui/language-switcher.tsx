import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@crm/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = currentLanguage();
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
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} title={t('header.language')}>
        {language.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
