import type { CompanyPublic, CompanySettings } from '@crm/contracts';
import { screen } from '@testing-library/react';
import { aCompany } from '../../test/session-fixtures';

/** GET /company/byid/{id} of the test company: every settings field, editable unless told. */
export function aCompanySettings(
  overrides: Partial<CompanySettings> = {},
  datas: Partial<CompanyPublic['datas']> = {},
): CompanySettings {
  return {
    ...aCompany({}, datas),
    about: null,
    lead_about: null,
    backgrounds: [],
    facebook_pixel: null,
    telegram_report_id: null,
    licence_ends_on: null,
    policies: { can_edit: true },
    ...overrides,
  };
}

/** The card of the settings page with this title. */
export const cardTitled = (title: string): HTMLElement => {
  const heading = screen.getByText(title, { selector: '.ant-card-head-title, .ant-card-head-title *' });
  return heading.closest('.ant-card') as HTMLElement;
};
