import { type CompanyPublic, companyDay, type Me, Role, type RoleId } from '@crm/contracts';
import dayjs from 'dayjs';
import type { Session } from '../shared/session/session-store';

export function aCompany(overrides: Partial<CompanyPublic> = {}, datas: Partial<CompanyPublic['datas']> = {}) {
  const company: CompanyPublic = {
    id: 1,
    name: 'Demo Academy',
    subdomain: 'demo',
    logo: '/logo.png',
    start_of_working_day: '08:00',
    end_of_working_day: '20:00',
    company_type: 'training_center',
    country: 'uz',
    locale: 'uz',
    theme_color: 'light.orange',
    phone: null,
    datas: {
      company_type: 'training_center',
      country: 'uz',
      locale: 'uz',
      theme_color: 'light.orange',
      scoring_module_is_enabled: '0',
      gamification: false,
      lesson_start_time_step_five_minutes: true,
      onboarded: true,
      ...datas,
    },
    ...overrides,
  };
  return company;
}

export function aUser(roles: RoleId[], company: CompanyPublic = aCompany()): Me {
  return {
    id: 7,
    name: 'Aziza Karimova',
    phone: '900000002',
    roles: roles.map((id) => ({ id, name: String(id) })),
    branches: [
      { id: 1, name: 'Chilonzor' },
      { id: 2, name: 'Yunusobod' },
    ],
    main_branch: 2,
    company_id: company.id,
    current_role: roles[0] ?? Role.admin,
    current_branch: 2,
    company,
  };
}

/** A complete signed-in session of a user with these roles. */
export function aSession(roles: RoleId[], company: CompanyPublic = aCompany()): Session {
  return { token: 'token', user: aUser(roles, company), company, branch: 2, role: roles[0] ?? null };
}

/** Today in a company of `country` (its zone, not the test machine's): what the screens propose as today. */
export const todayIn = (country = 'uz') => dayjs(companyDay({ country }));
