import {
  COUNTRY_RULES,
  type ConsoleTariffList,
  type ConsoleTariffQuery,
  consoleTariffQuerySchema,
  type Tariff,
  type TariffInput,
  tariffInputSchema,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { platformTariffs } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { ConsoleActing } from './console-actions.js';
import { recordConsoleAction } from './console-audit.js';
import { asPlatform } from './platform-db.js';
import { tariffPrice, tariffsOf } from './tariffs.js';

/*
 * The console keeps the price list (issue 17): one price per country, band and period, in the country's
 * currency's minor units. Each change is in the audit log with the price it replaced.
 */

/** GET /console/tariffs?country=: the country's list and its currency (an empty list still has one). */
export async function listConsoleTariffs(tx: Tx, input: ConsoleTariffQuery): Promise<ConsoleTariffList> {
  const { country } = consoleTariffQuerySchema.parse(input);
  return { country, currency: COUNTRY_RULES[country].currency, data: await tariffsOf(tx, country) };
}

/** PUT /console/tariffs: a new price, or a new amount for one already offered (the same amount: no change, no log). */
export async function setTariff(db: Db, acting: ConsoleActing, input: TariffInput): Promise<Tariff> {
  const body = tariffInputSchema.parse(input);
  const currency = COUNTRY_RULES[body.country].currency;
  const offer = and(
    eq(platformTariffs.country, body.country),
    eq(platformTariffs.maxStudents, body.max_students),
    eq(platformTariffs.periodMonths, body.period_months),
  );
  return asPlatform(db, async (tx) => {
    const [before] = await tx
      .select({ price: platformTariffs.price, currency: platformTariffs.currency })
      .from(platformTariffs)
      .where(offer)
      .for('update');
    const unchanged = before?.price === body.price && before.currency === currency;
    if (!unchanged) await writeTariff(tx, acting, body, currency, before?.price ?? null);
    const saved = await tariffPrice(tx, body.country, body.max_students, body.period_months);
    if (!saved) throw new Error('a price just written was not read back');
    return saved;
  });
}

/** Writes the price and its audit row (with the price it replaced, null when new). */
async function writeTariff(tx: Tx, acting: ConsoleActing, body: TariffInput, currency: string, from: number | null) {
  await tx
    .insert(platformTariffs)
    .values({
      country: body.country,
      currency,
      maxStudents: body.max_students,
      periodMonths: body.period_months,
      price: body.price,
    })
    .onConflictDoUpdate({
      target: [platformTariffs.country, platformTariffs.maxStudents, platformTariffs.periodMonths],
      set: { price: body.price, currency, updatedAt: sql`now()` },
    });
  await recordConsoleAction(tx, {
    accountId: acting.caller.id,
    action: 'tariff_set',
    data: {
      country: body.country,
      currency,
      max_students: body.max_students,
      period_months: body.period_months,
      from,
      to: body.price,
    },
    ip: acting.ip,
  });
}

/**
 * DELETE /console/tariffs/{id}: a price no longer offered. Orders already made keep the amount they were
 * made at (licence_orders has its own), so nothing else changes.
 */
export async function deleteTariff(db: Db, acting: ConsoleActing, id: number): Promise<{ ok: true }> {
  return asPlatform(db, async (tx) => {
    const [removed] = await tx.delete(platformTariffs).where(eq(platformTariffs.id, id)).returning();
    if (!removed) throw notFound();
    await recordConsoleAction(tx, {
      accountId: acting.caller.id,
      action: 'tariff_deleted',
      data: {
        country: removed.country,
        currency: removed.currency,
        max_students: removed.maxStudents,
        period_months: removed.periodMonths,
        price: removed.price,
      },
      ip: acting.ip,
    });
    return { ok: true as const };
  });
}
