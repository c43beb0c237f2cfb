import type { Checkout, CheckoutOutcome, ProviderAccount, StudentCheckoutList } from '@crm/contracts';

/** Shared fixtures of the online-payments tests (the answers of the API as contracts declare them). */
export const TOKEN = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const aCheckout = (overrides: Partial<Checkout> = {}): Checkout => ({
  token: TOKEN,
  purpose: 'fee',
  provider: 'payme',
  amount: 450_000,
  currency: 'UZS',
  status: 'open',
  redirect_url: 'https://checkout.paycom.uz/abc',
  paid_at: null,
  created_at: '2026-11-28T08:58:00.000Z',
  ...overrides,
});

export const anOutcome = (overrides: Partial<CheckoutOutcome> = {}): CheckoutOutcome => ({
  ...aCheckout({ redirect_url: null }),
  company: { name: 'Demo Academy', subdomain: 'demo' },
  order: null,
  student_first_name: 'Aziz',
  ...overrides,
});

export const aStudentCheckout = (overrides: Partial<StudentCheckoutList['data'][number]> = {}) => ({
  ...aCheckout({ redirect_url: null }),
  source: 'student' as const,
  group_id: null,
  ...overrides,
});

export const aCheckoutList = (overrides: Partial<StudentCheckoutList> = {}): StudentCheckoutList => ({
  data: [],
  balance: 0,
  groups: [],
  providers: ['payme', 'click'],
  policies: { can_pay: true, can_send_link: true },
  ...overrides,
});

export const aProviderAccount = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => ({
  provider: 'payme',
  available: true,
  configured: false,
  enabled: false,
  fields: { merchant_id: null, key: null },
  secrets_set: { key: false },
  callback_url: 'http://demo.localhost:3000/api/v1/payments/payme/demo',
  ...overrides,
});
