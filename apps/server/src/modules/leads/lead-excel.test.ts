import { HistoryEvent, type LeadBoard, type LeadUpdates, TagType, WEBSITE_LEAD_SOURCE } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf as xlsx } from '../../../test/spreadsheets.js';
import { historyEvents, leadColumnTitles, leadSections, leadSources, leads, leadTags } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createTag } from '../../seed/courses-factories.js';
import { createLeadSourceRow } from '../../seed/leads-factories.js';
import { importThroughJob, openJobsApp } from '../jobs/jobs-test-world.js';
import { LIVE_RECORDS_LIMIT } from './lead-public-intake.js';
import { createLeadsWorld, type LeadsWorld } from './leads-test-world.js';

const { app, database } = await openJobsApp();
let w: LeadsWorld;

beforeAll(async () => {
  w = await createLeadsWorld(app, database.db);
  await createCourse(database.db, w.company.id, { name: 'English' });
});

const headers = (token: string) => ({ host: `${w.sub}.localhost`, authorization: `Bearer ${token}` });

/** A browser's upload of one file to the lead import, and its job run to the end (issue 15). */
const upload = (token: string, file: Buffer, branchId = w.main) =>
  importThroughJob(app, { url: `/api/v1/leads/import?branch_id=${branchId}`, sub: w.sub, token, file });

/** GETs a spreadsheet and answers its first sheet as rows of cell values (row 1: the header). */
async function download(token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token) });
  if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as unknown[][], type: '' };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { status: res.statusCode, rows, type: String(res.headers['content-type']) };
}

const board = async (branch = w.main) =>
  (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${branch}`)).body as LeadBoard;
const updatesFrom = async (from: number, branch = w.main) =>
  (await w.api(w.tokens.admin, 'GET', `/lead-increment/updates?branch_id=${branch}&from=${from}`)).body as LeadUpdates;

describe('the lead import sample', () => {
  it('has the import columns in the asked language, else the company’s, and examples that import as they are', async () => {
    const en = await download(w.tokens.marketer, '/leads/import/sample?lang=en');
    expect(en.type).toContain('spreadsheetml');
    expect(en.rows[0]).toEqual(['Name', 'Phone', 'Course', 'Source', 'Comment']);
    expect((await download(w.tokens.marketer, '/leads/import/sample')).rows[0]?.[0]).toBe('Ism');
    expect((await download(w.tokens.teacher, '/leads/import/sample')).status).toBe(403);
    const sample = await app.inject({
      method: 'GET',
      url: '/api/v1/leads/import/sample',
      headers: headers(w.tokens.admin),
    });
    const imported = await upload(w.tokens.admin, sample.rawPayload);
    expect(imported.body).toMatchObject({ total_rows: 2, imported: 2, rejected: [] });
  });
});

describe('the lead import (POST leads/import)', () => {
  it('adds the good rows on top of "incoming" in file order and reports every refused row with its reason', async () => {
    const before = (await board()).time;
    const file = await xlsx([
      ['Name', 'Phone', 'Course', 'Source', 'Comment'],
      ['Imported One', '+998 90 555 00 01', 'english', 'Telegram', 'Wants mornings'],
      ['', '905550002'],
      ['Bad Phone', '90555'],
      ['Imported Two', '905550003', 'Chess', ''],
      ['Twice', '905550001'],
    ]);
    const res = await upload(w.tokens.marketer, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_rows: 5, imported: 2 });
    expect(res.body.added).toEqual([
      { row: 2, name: 'Imported One', phone: '905550001' },
      { row: 5, name: 'Imported Two', phone: '905550003' },
    ]);
    expect(res.body.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [3, 'name_required'],
      [4, 'phone_invalid'],
      [6, 'duplicate_in_file'],
    ]);

    const incoming = (await board()).columns[0]?.leads ?? [];
    expect(incoming.slice(0, 2)).toMatchObject([
      { name: 'Imported One', phone: '905550001', course: 'English', source: 'Telegram', comment: 'Wants mornings' },
      // An unknown course is left empty rather than refusing the lead.
      { name: 'Imported Two', course: null, source: null },
    ]);
    const records = (await updatesFrom(before)).updates;
    expect(records.map((r) => [r.action, r.type, r.data.name])).toEqual([
      ['create', 'lead', 'Imported One'],
      ['create', 'lead', 'Imported Two'],
    ]);
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.companyId, w.company.id), eq(historyEvents.type, HistoryEvent.leadsImported))),
    );
    expect(events.at(-1)?.data).toMatchObject({ total_rows: 5, imported: 2, rejected: 3 });
  });

  it('reads a file without a header in the sample’s column order, and makes one new source for many rows', async () => {
    const res = await upload(
      w.tokens.admin,
      await xlsx([
        ['Headless A', '905551001', '', 'Flyer'],
        ['Headless B', '905551002', '', 'flyer'],
      ]),
    );
    expect(res.body).toMatchObject({ imported: 2, rejected: [] });
    const flyers = await inCompany(database.db, w.company.id, (tx) =>
      tx.select().from(leadSources).where(eq(leadSources.companyId, w.company.id)),
    );
    expect(flyers.filter((s) => s.name.toLowerCase() === 'flyer')).toHaveLength(1);
  });

  it(`tells open boards to reload instead of sending more than ${LIVE_RECORDS_LIMIT} records`, async () => {
    const before = (await board(w.north)).time;
    const rows = Array.from({ length: LIVE_RECORDS_LIMIT + 1 }, (_, i) => [
      `Bulk ${i}`,
      `93${String(i).padStart(7, '0')}`,
    ]);
    const res = await upload(w.tokens.admin, await xlsx([['Name', 'Phone'], ...rows]), w.north);
    expect(res.body.imported).toBe(LIVE_RECORDS_LIMIT + 1);
    const { updates } = await updatesFrom(before, w.north);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      action: 'update',
      type: 'element',
      uuid: `${w.north}-incoming`,
      data: { column: 'incoming', reload: true, imported: LIVE_RECORDS_LIMIT + 1 },
    });
    const north = await board(w.north);
    expect(north.columns[0]?.count).toBe(LIVE_RECORDS_LIMIT + 1);
    expect(north.columns[0]?.leads[0]?.name).toBe('Bulk 0');
  });

  it('skips a phone that is already a live lead of the branch, so importing a file again adds nothing twice', async () => {
    // A company of its own: its archived lead stays out of the export tests below.
    const x = await createLeadsWorld(app, database.db);
    const live = await x.lead({ name: 'Already Here', phone: '905556001' });
    const archived = await x.lead({ name: 'Archived Once', phone: '905556002' });
    await x.lead({ name: 'Other Branch', phone: '905556003', branchId: x.north });
    await inCompany(database.db, x.company.id, (tx) =>
      tx.update(leads).set({ archivedAt: new Date(), archiveReasonId: x.reason }).where(eq(leads.id, archived.id)),
    );
    const file = await xlsx([
      ['Name', 'Phone'],
      ['Called Again', '+998 90 555 60 01'],
      ['Back After Archive', '905556002'],
      ['Known Elsewhere', '905556003'],
      ['Brand New', '905556004'],
    ]);
    const importFile = () =>
      importThroughJob(app, {
        url: `/api/v1/leads/import?branch_id=${x.main}`,
        sub: x.sub,
        token: x.tokens.marketer,
        file,
      });

    const first = await importFile();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_rows: 4, imported: 3 });
    expect(first.body.rejected).toEqual([
      { row: 2, reason: 'lead_exists', name: 'Called Again', phone: '905556001', existing_id: live.id },
    ]);
    expect(first.body.added.map((a: { name: string }) => a.name)).toEqual([
      'Back After Archive',
      'Known Elsewhere',
      'Brand New',
    ]);

    const again = await importFile();
    expect(again.body).toMatchObject({ total_rows: 4, imported: 0, added: [] });
    expect(again.body.rejected.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [2, 'lead_exists'],
      [3, 'lead_exists'],
      [4, 'lead_exists'],
      [5, 'lead_exists'],
    ]);
    const onBoard = ((await x.api(x.tokens.admin, 'GET', `/leads/?branch_id=${x.main}`)).body as LeadBoard).columns
      .flatMap((c) => c.leads)
      .map((l) => l.phone);
    expect(onBoard.sort()).toEqual(['905556001', '905556002', '905556003', '905556004']);
  });

  it('refuses a file that is not a spreadsheet, the teacher, and a branch of another company', async () => {
    const text = await upload(w.tokens.admin, Buffer.from('name,phone\nA,901234567\n'));
    expect([text.status, text.body.error.code]).toEqual([400, 'import_file_invalid']);
    const file = await xlsx([
      ['Name', 'Phone'],
      ['Nobody', '905559999'],
    ]);
    expect((await upload(w.tokens.teacher, file)).status).toBe(403);
    const other = await createLeadsWorld(app, database.db);
    const foreign = await upload(w.tokens.admin, file, other.main);
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'branch_forbidden']);
  });
});

describe('the lead export (GET leadExport)', () => {
  let archivedId: number;

  beforeAll(async () => {
    const source = await createLeadSourceRow(database.db, w.company.id, 'Billboard');
    const tag = await createTag(database.db, w.company.id, 'VIP', TagType.lead);
    const card = await w.lead({ name: 'Export Me', phone: '977770001', column: 'waiting', sourceId: source });
    const archived = await w.lead({ name: 'Export Archived', phone: '977770002' });
    archivedId = archived.id;
    await inCompany(database.db, w.company.id, async (tx) => {
      const [section] = await tx
        .insert(leadSections)
        .values({ companyId: w.company.id, branchId: w.main, column: 'waiting', title: 'Call back', position: 0 })
        .returning({ id: leadSections.id });
      await tx
        .insert(leadColumnTitles)
        .values({ companyId: w.company.id, branchId: w.main, column: 'waiting', title: 'Thinking' });
      await tx
        .update(leads)
        .set({ sectionId: section?.id, adminId: w.company.users.admin.id })
        .where(eq(leads.id, card.id));
      await tx.insert(leadTags).values({ companyId: w.company.id, leadId: card.id, tagId: tag });
      await tx
        .update(leads)
        .set({ archivedAt: new Date(), archiveReasonId: w.reason })
        .where(eq(leads.id, archived.id));
    });
  });

  it('writes the board’s matching leads with column, section, source, course, admin, tags and date in the asked language', async () => {
    const res = await download(w.tokens.marketer, `/leadExport?branch_id=${w.main}&search=Export&lang=en`);
    expect(res.status).toBe(200);
    expect(res.rows[0]).toEqual([
      'ID',
      'Name',
      'Phone',
      'Column',
      'Section',
      'Source',
      'Course',
      'Responsible',
      'Tags',
      'Comment',
      'Added',
      'State',
    ]);
    expect(res.rows).toHaveLength(2);
    const [row] = res.rows.slice(1);
    expect(row?.slice(1, 10)).toEqual([
      'Export Me',
      '97 777 00 01',
      'Thinking',
      'Call back',
      'Billboard',
      '',
      'Malika Yusupova',
      'VIP',
      '',
    ]);
    expect(row?.[10]).toBeInstanceOf(Date);
    expect(row?.[11]).toBe('On the board');
  });

  it('writes the archive with its reasons, or every lead, as asked', async () => {
    const archive = await download(w.tokens.admin, `/leadExport?branch_id=${w.main}&archived=1&lang=ru`);
    expect(archive.rows[0]?.[1]).toBe('Имя');
    expect(archive.rows.slice(1).map((r) => [r[0], r[11]])).toEqual([[archivedId, 'В архиве: Too expensive']]);
    const all = await download(w.tokens.admin, `/leadExport?branch_id=${w.main}&archived=all&search=Export`);
    expect(all.rows).toHaveLength(3);
  });

  it('names the public form’s source in the asked language, as the board does', async () => {
    const website = await createLeadSourceRow(database.db, w.company.id, WEBSITE_LEAD_SOURCE);
    await w.lead({ name: 'Web Visitor', phone: '977770003', sourceId: website });
    const sourceOf = async (lang: string) =>
      (await download(w.tokens.admin, `/leadExport?branch_id=${w.main}&search=Web%20Visitor&lang=${lang}`))
        .rows[1]?.[5];
    expect(await sourceOf('ru')).toBe('Форма на сайте');
    expect(await sourceOf('uz')).toBe('Saytdagi forma');
  });

  it('refuses the teacher and a branch of another company', async () => {
    expect((await download(w.tokens.teacher, `/leadExport?branch_id=${w.main}`)).status).toBe(403);
    const other = await createLeadsWorld(app, database.db);
    expect((await download(w.tokens.admin, `/leadExport?branch_id=${other.main}`)).status).toBe(403);
  });
});
