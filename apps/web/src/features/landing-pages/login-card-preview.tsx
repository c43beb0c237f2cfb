import { LANGUAGES, type Language } from '@crm/contracts';
import { Button, Flex, Input, Segmented, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { PHONE_WIDTH } from './landing-preview';

interface LoginCardPreviewProps {
  companyName: string;
  logo: string | null;
  background: string | null;
  welcome: Partial<Record<Language, string>>;
}

/**
 * The log-in page as a phone shows it, drawn from what is being edited (before it is saved): the background, the
 * card with the logo, the name and the welcome text in the language picked above it (a visitor sees his interface
 * language's). Its fields are pictures of fields, not a form.
 */
export function LoginCardPreview({ companyName, logo, background, welcome }: LoginCardPreviewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [language, setLanguage] = useState<Language>(currentLanguage());
  return (
    <Flex vertical gap={8}>
      <Segmented
        aria-label={t('loginLook.previewLanguage')}
        value={language}
        onChange={(value) => setLanguage(value as Language)}
        options={LANGUAGES.map((code) => ({ value: code, label: code.toUpperCase(), title: t(`languages.${code}`) }))}
      />
      <Flex
        align="center"
        justify="center"
        data-testid="login-preview"
        style={{
          width: PHONE_WIDTH,
          maxWidth: '100%',
          minHeight: 560,
          padding: 16,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorder}`,
          background: background ? `center / cover no-repeat url("${encodeURI(background)}")` : token.colorBgLayout,
        }}
      >
        <Flex
          vertical
          gap={12}
          inert
          aria-hidden
          style={{
            width: '100%',
            padding: 24,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
            {logo && <img src={logo} alt="" style={{ maxWidth: 160, maxHeight: 56 }} />}
            <strong style={{ fontSize: 20 }}>{companyName}</strong>
            {welcome[language]?.trim() && (
              <span style={{ color: token.colorTextSecondary, whiteSpace: 'pre-line' }}>{welcome[language]}</span>
            )}
          </Flex>
          <Input placeholder={t('auth.phone')} tabIndex={-1} readOnly />
          <Input placeholder={t('auth.password')} tabIndex={-1} readOnly />
          <Button type="primary" block tabIndex={-1}>
            {t('auth.submit')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
