import { countryRules, formatPhone } from '@crm/contracts';

/** A phone as people read it: country prefix and mask (spec §5). */
export function phoneText(phone: string | null | undefined, country: string): string {
  if (!phone) return '';
  const prefix = countryRules(country).phonePrefix;
  return `${prefix ? `${prefix} ` : ''}${formatPhone(phone, country)}`;
}
