import { type CoinSettings, DEFAULT_COIN_SETTINGS, StudentStatus } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loginAs } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { coinEntries, coinSettings, shopOrders, shopProducts } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { createLessonsWorld } from '../lessons/lessons-test-world.js';

/**
 * The lessons world with gamification on: its role student (who logs in) studies in the odd-days group with
 * three others. `reset` empties the shop and the coin ledger between tests (the ledger is append-only for
 * the application; the test database's owner connection may clear it).
 */
export async function createGamificationWorld(app: FastifyInstance, db: Db) {
  const w = await createLessonsWorld(app, db);
  const student = w.company.users.student;
  await addStudentToGroupRow(db, w.company.id, w.group, student.id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  const studentToken = await loginAs(app, w.sub, student.phone);
  await w.setDatas({ gamification: true });

  const reset = () =>
    inCompany(db, w.company.id, async (tx) => {
      await tx.delete(shopOrders);
      await tx.delete(shopProducts);
      await tx.delete(coinSettings);
    }).then(() => db.delete(coinEntries).where(eq(coinEntries.companyId, w.company.id)));

  const saveRules = (rules: Partial<CoinSettings>) =>
    w.api(w.tokens.admin, 'PUT', '/gamification/settings', { ...DEFAULT_COIN_SETTINGS, ...rules });

  const balance = async (studentId: number) => {
    const res = await w.api(w.tokens.owner, 'GET', `/gamification/coins/${studentId}`);
    if (res.status !== 200) throw new Error(`coins: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.balance as number;
  };

  const addProduct = async (values: Record<string, unknown> = {}) => {
    const res = await w.api(w.tokens.admin, 'POST', '/gamification/products', {
      name: 'Notebook',
      price: 30,
      branch_id: w.main,
      ...values,
    });
    if (res.status !== 200) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };

  /** Coins given by hand (employees allowed), for a test that needs a student who holds some. */
  const grant = async (studentId: number, amount: number) => {
    await saveRules({ employees_give: true });
    const res = await w.api(w.tokens.admin, 'POST', `/gamification/coins/${studentId}`, { amount, reason: 'Start' });
    if (res.status !== 200) throw new Error(`grant: ${res.status} ${JSON.stringify(res.body)}`);
  };

  return { ...w, student, studentToken, reset, saveRules, balance, addProduct, grant };
}
export type GamificationWorld = Awaited<ReturnType<typeof createGamificationWorld>>;
