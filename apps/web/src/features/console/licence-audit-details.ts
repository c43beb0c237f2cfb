import { bandMinOf, type ConsoleAuditEntry, formatAmount, type TariffBand } from '@crm/contracts';
import type { TFunction } from 'i18next';

/** A stored amount with its currency, or a dash when the entry has none (a price set for the first time). */
const moneyText = (value: unknown, currency: unknown) =>
  typeof value === 'number' && typeof currency === 'string' ? `${formatAmount(value, currency)} ${currency}` : '—';

/**
 * The words of an issue-17 entry (prices, licence settings, merchant accounts), or null for another action.
 * A merchant entry names the fields that changed: the log never holds their values.
 */
export function licenceAuditDetails(t: TFunction, entry: ConsoleAuditEntry): string | null {
  const data = entry.data as Record<string, unknown>;
  const offer = () =>
    t('console.audit.tariff', {
      country: t(`signUp.countries.${String(data.country)}`, { defaultValue: String(data.country) }),
      band: t('console.prices.bandStudents', {
        min: bandMinOf(data.max_students as TariffBand),
        max: data.max_students,
      }),
      period: t(`console.prices.periods.${String(data.period_months)}`, { defaultValue: String(data.period_months) }),
    });
  switch (entry.action) {
    case 'tariff_set':
      return `${offer()}: ${moneyText(data.from, data.currency)} → ${moneyText(data.to, data.currency)}`;
    case 'tariff_deleted':
      return `${offer()}: ${moneyText(data.price, data.currency)}`;
    case 'licence_settings_changed': {
      const after = (data.after ?? {}) as { grace_days?: number; billing_hidden_hosts?: string[] };
      return t('console.audit.licenceSettings', {
        days: after.grace_days ?? '—',
        hosts: after.billing_hidden_hosts?.length ? after.billing_hidden_hosts.join(', ') : '—',
      });
    }
    case 'merchant_changed': {
      const provider = t(`console.merchants.providers.${String(data.provider)}`, {
        defaultValue: String(data.provider),
      });
      if (data.removed) return t('console.audit.merchantRemoved', { provider });
      const fields = Array.isArray(data.changed)
        ? data.changed.map((field) => t(`console.merchants.fields.${String(field)}`, { defaultValue: String(field) }))
        : [];
      return t('console.audit.merchantChanged', { provider, fields: fields.join(', ') });
    }
    default:
      return null;
  }
}
