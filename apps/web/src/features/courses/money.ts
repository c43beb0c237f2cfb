import { countryRules, formatAmount } from '@crm/contracts';
import { useSession } from '../../shared/session/use-session';

/** The company's currency (spec §9: by country). */
export const useCurrency = (): string => countryRules(useSession().company?.datas.country).currency;

/** "450 000 UZS": spec §9 thousands separated by spaces. */
export const formatMoney = (minor: number, currency: string) => `${formatAmount(minor, currency)} ${currency}`;

/** Spec §5 numeric input: digits and a dot, thousands grouped with spaces while typing. */
export const groupThousands = (value: string | number | undefined): string => {
  const [whole = '', fraction] = String(value ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};
export const ungroup = (text: string | undefined): string => (text ?? '').replace(/[^\d.]/g, '');
