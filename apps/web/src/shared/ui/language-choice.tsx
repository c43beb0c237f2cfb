import { LANGUAGES } from '@crm/contracts';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';

/**
 * The language switcher of the pages outside the shell: four toggle buttons, far
 * lighter to load on the log-in page than a drop-down or antd Segmented (which bring popups along).
 */
export function LanguageChoice() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Flex role="group" aria-label={t('header.language')} gap={4}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          type={language === current ? 'primary' : 'text'}
          aria-pressed={language === current}
          title={t(`languages.${language}`)}
          lang={language}
          onClick={() => changeLanguage(language)}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Flex>
  );
}
