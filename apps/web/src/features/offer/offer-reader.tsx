import { type Language, type OfferTexts, offerLanguages, offerTextFor } from '@crm/contracts';
import { Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferText } from './offer-text';

interface OfferReaderProps {
  texts: OfferTexts;
  /** The language shown changed (the acceptance records the language read). */
  onLanguage?: (language: Language) => void;
  /** The text scrolls inside this height (a dialog); unset, the page scrolls. */
  maxHeight?: string;
}

/**
 * An offer in the reader's language, else the first one it is written in, with a switch between the
 * languages it has. Reports the language shown, which is the one an acceptance records.
 */
export function OfferReader({ texts, onLanguage, maxHeight }: OfferReaderProps) {
  const { t, i18n } = useTranslation();
  const languages = offerLanguages(texts);
  const [language, setLanguage] = useState<Language | undefined>(() => offerTextFor(texts, i18n.language)?.language);
  if (!language) return null;
  const choose = (next: Language) => {
    setLanguage(next);
    onLanguage?.(next);
  };
  return (
    <Flex vertical gap={8}>
      {languages.length > 1 && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('offer.readIn')}</Typography.Text>
          <Segmented<Language>
            size="small"
            value={language}
            onChange={choose}
            options={languages.map((l) => ({ value: l, label: l.toUpperCase(), title: t(`languages.${l}`) }))}
          />
        </Flex>
      )}
      <OfferText
        text={texts[language] ?? ''}
        lang={language}
        style={
          maxHeight
            ? {
                maxHeight,
                overflowY: 'auto',
                padding: '12px 12px 0',
                border: '1px solid rgba(128, 128, 128, 0.3)',
                borderRadius: 8,
              }
            : undefined
        }
      />
    </Flex>
  );
}
