import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** How a public form's visit can end besides answering it. */
export type PublicOutcome = 'sent' | 'closed' | 'used' | 'unknown';

/** The errors the API answers for a form that takes no answer here (contracts errors.ts). */
export function outcomeOfError(code: string, status: number): Exclude<PublicOutcome, 'sent'> | null {
  if (code === 'audit_link_used') return 'used';
  if (code === 'audit_link_unknown') return 'unknown';
  if (code === 'form_closed' || (status === 404 && code !== 'company_not_found')) return 'closed';
  return null;
}

interface OutcomeProps {
  outcome: PublicOutcome;
  successText: string;
  onAgain?: () => void;
}

/** The page a visit ends on: thanks (with the form's own words), a closed form, a used or unknown link. */
export function PublicOutcomeView({ outcome, successText, onAgain }: OutcomeProps) {
  const { t } = useTranslation();
  const heading = (text: string) => <h1 style={{ fontSize: 22, margin: 0 }}>{text}</h1>;
  switch (outcome) {
    case 'sent':
      return (
        <Result
          status="success"
          title={heading(t('forms.public.thanksTitle'))}
          subTitle={<span style={{ whiteSpace: 'pre-wrap' }}>{successText || t('forms.public.thanksText')}</span>}
          extra={onAgain && <Button onClick={onAgain}>{t('forms.public.again')}</Button>}
        />
      );
    case 'used':
      return (
        <Result status="success" title={heading(t('forms.public.usedTitle'))} subTitle={t('forms.public.usedText')} />
      );
    case 'unknown':
      return (
        <Result
          status="warning"
          title={heading(t('forms.public.unknownTitle'))}
          subTitle={t('forms.public.unknownText')}
        />
      );
    case 'closed':
      return (
        <Result status="info" title={heading(t('forms.public.closedTitle'))} subTitle={t('forms.public.closedText')} />
      );
  }
}
