import type { Db } from '../db/client.js';
import { findCompanyBySubdomain } from '../modules/company/service.js';
import { createCompanyWithRoleUsers, createRoomRow } from './factories.js';

export const DEMO_COMPANIES = [
  {
    name: 'Demo Academy',
    subdomain: 'demo',
    datas: { company_type: 'training_center', country: 'uz', locale: 'uz', onboarded: true },
    branches: ['Chilonzor', 'Yunusobod'],
    rooms: [
      ['Room 101', 16],
      ['Room 102', 12],
      ['IT Lab', 20],
    ],
  },
  {
    name: 'Kids Garden',
    subdomain: 'kids',
    datas: { company_type: 'kindergarten', country: 'kz', locale: 'ru', onboarded: true },
    branches: ['Almaty Centre', 'Almaty Medeu'],
    rooms: [
      ['Sunflower', 15],
      ['Rainbow', 12],
    ],
  },
] as const;

/** Seeds the demo companies once: an existing `demo` company means the seed already ran. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (await findCompanyBySubdomain(db, 'demo')) return false;
  for (const spec of DEMO_COMPANIES) {
    const company = await createCompanyWithRoleUsers(db, {
      name: spec.name,
      subdomain: spec.subdomain,
      datas: spec.datas,
      branches: [...spec.branches],
    });
    for (const branchId of company.branchIds) {
      for (const [name, capacity] of spec.rooms) await createRoomRow(db, company.id, branchId, name, capacity);
    }
  }
  return true;
}
