import {
  type CompanyPublic,
  type CompanySettings,
  type CompanySettingsUpdate,
  canAccess,
  canonicalTimeZone,
  companyDatasSchema,
} from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { checkPhone, invalidField } from '../users/service.js';
import { mergeCompanyDatas } from './datas-writer.js';
import { backgroundsOf, keepCompanyBackgrounds } from './pictures.js';
import { assertOwnCompany, findCompanyPublic } from './service.js';

/** The settings page's own fields that are columns of companies (the others are keys of datas). */
interface ColumnValues {
  name: string;
  phone: string | null;
  about: string | null;
  lead_about: string | null;
  start_of_working_day: string;
  end_of_working_day: string;
  backgrounds: string[];
}

async function lockCompany(tx: Tx, companyId: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row) throw notFound();
  const columns: ColumnValues = {
    name: row.name,
    phone: row.phone,
    about: row.about,
    lead_about: row.leadAbout,
    start_of_working_day: row.startOfWorkingDay,
    end_of_working_day: row.endOfWorkingDay,
    backgrounds: backgroundsOf(row.backgrounds),
  };
  return { row, columns, datas: companyDatasSchema.parse(row.datas ?? {}) };
}

/** Empty text is no text: the page clears a field by emptying it. */
const textOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** GET /company/byid/{id}: every field the settings page edits, without integration credentials. */
export async function getCompanySettings(tx: Tx, actor: Actor, companyId: number): Promise<CompanySettings> {
  assertOwnCompany(actor, companyId);
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  const datas = companyDatasSchema.parse(row.datas ?? {});
  return {
    ...(await findCompanyPublic(tx, companyId)),
    about: row.about,
    lead_about: row.leadAbout,
    backgrounds: backgroundsOf(row.backgrounds),
    facebook_pixel: datas.facebook_pixel,
    telegram_report_id: row.telegramReportId,
    licence_ends_on: row.licenceEndsOn,
    policies: { can_edit: canAccess('settings', actor.roles) },
  };
}

/**
 * PUT /company/{id}/datas: the settings page (spec §2 settings, §3 Company). Only the given fields change;
 * every other key of datas is kept (mergeCompanyDatas: a concurrent change of another key is not lost). One
 * history event names what changed, before and after; a save that changes nothing writes none. Answers the
 * company and the storage keys of backgrounds it let go, for the caller to remove once this has committed.
 */
export async function updateCompanySettings(
  tx: Tx,
  actor: Actor,
  companyId: number,
  input: CompanySettingsUpdate,
): Promise<{ company: CompanyPublic; released: string[] }> {
  assertOwnCompany(actor, companyId);
  const { name, phone, about, lead_about, start_of_working_day, end_of_working_day, backgrounds, ...datasInput } =
    input;
  const before = await lockCompany(tx, companyId);

  const wanted: Partial<ColumnValues> = {
    name,
    phone: phone ? checkPhone(phone, before.datas.country) : textOrNull(phone),
    about: textOrNull(about),
    lead_about: textOrNull(lead_about),
    start_of_working_day,
    end_of_working_day,
    backgrounds,
  };
  // The schema compares the two hours when both are sent; one alone is compared with the stored other.
  const start = start_of_working_day ?? before.columns.start_of_working_day;
  const end = end_of_working_day ?? before.columns.end_of_working_day;
  if ((start_of_working_day || end_of_working_day) && start >= end)
    throw invalidField('end_of_working_day', 'end_before_start', 'The day must end after it starts');

  const datasPatch: Record<string, unknown> = { ...datasInput };
  if (datasInput.time_zone) {
    const zone = canonicalTimeZone(datasInput.time_zone);
    if (!zone) throw invalidField('time_zone', 'time_zone', `Unknown time zone ${datasInput.time_zone}`);
    datasPatch.time_zone = zone;
  }

  const changedColumns = (Object.keys(wanted) as (keyof ColumnValues)[]).filter(
    (key) => wanted[key] !== undefined && !same(wanted[key], before.columns[key]),
  );
  const changedDatas = Object.keys(datasPatch).filter(
    (key) => datasPatch[key] !== undefined && !same(datasPatch[key], before.datas[key as keyof typeof before.datas]),
  );
  const released =
    backgrounds && changedColumns.includes('backgrounds')
      ? await keepCompanyBackgrounds(tx, actor, before.columns.backgrounds, backgrounds)
      : [];

  if (changedColumns.length) {
    const next = { ...before.columns, ...wanted };
    await tx
      .update(companies)
      .set({
        name: next.name,
        phone: next.phone,
        about: next.about,
        leadAbout: next.lead_about,
        startOfWorkingDay: next.start_of_working_day,
        endOfWorkingDay: next.end_of_working_day,
        backgrounds: next.backgrounds,
      })
      .where(eq(companies.id, companyId));
  }
  const datasSet = Object.fromEntries(changedDatas.map((key) => [key, datasPatch[key]]));
  if (changedDatas.length) await mergeCompanyDatas(tx, companyId, datasSet);
  if (changedColumns.length || changedDatas.length) {
    const beforeAll: Record<string, unknown> = { ...before.columns, ...before.datas };
    await recordHistory(tx, actor, {
      event: 'companySettingsChanged',
      entity: 'company',
      entityId: companyId,
      data: {
        before: Object.fromEntries([...changedColumns, ...changedDatas].map((key) => [key, beforeAll[key]])),
        after: { ...Object.fromEntries(changedColumns.map((key) => [key, wanted[key]])), ...datasSet },
      },
    });
  }
  return { company: await findCompanyPublic(tx, companyId), released };
}
