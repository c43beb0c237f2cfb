import { LEAD_COLUMNS, LEAD_FIRST_PAGE_SIZE, LEAD_PAGE_SIZE, type Lead, type LeadColumn } from '@crm/contracts';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { jsonArray, jsonObject, loadLeads, withLeadCards } from './lead-view.js';

/** A card is on the board while it is neither archived nor a student yet. */
export const onBoard = [isNull(leads.archivedAt), isNull(leads.studentId)];

/** The cards of one list: a column's own (section null) or one section's. */
const inList = (branchId: number, column: LeadColumn, sectionId: number | null): SQL[] => [
  eq(leads.branchId, branchId),
  eq(leads.column, column),
  sectionId === null ? isNull(leads.sectionId) : eq(leads.sectionId, sectionId),
  ...onBoard,
];

/** A stable name for a branch's column (the board's key of it). */
export const columnUuid = (branchId: number, column: LeadColumn) => `${branchId}-${column}`;

/**
 * Spec §7 GET leads/?branch_id: the branch's board, each column and section with its first
 * LEAD_FIRST_PAGE_SIZE cards and its count, as the JSON text of a LeadBoard (the route sends it as it is).
 *
 * One statement, so PostgreSQL writes the whole answer and Node only passes it on: building 140 cards through
 * Drizzle's rows and serialising them was most of the board's cost (docs/performance.md). One statement is
 * also one snapshot: `time` is exactly the last change the board shows, and `updates?from=time` all the rest.
 */
export async function loadBoard(tx: Tx, actor: Actor, branchId: number): Promise<string> {
  assertBranch(actor, branchId);
  const [row] = await selectRows<{ board: string }>(tx, boardStatement(actor.companyId, branchId));
  return row?.board as string;
}

/** The one statement of loadBoard: its row's `board` is the answer's JSON text (the bench replays it as SQL). */
export function boardStatement(companyId: number, branchId: number): SQL {
  const liveLeads = sql`l.company_id = ${companyId} and l.branch_id = ${branchId}
    and l.archived_at is null and l.student_id is null`;
  const liveSections = sql`s.company_id = ${companyId} and s.branch_id = ${branchId} and s.deleted_at is null`;
  // Each list's first page is one short walk of the leads_board index (company, branch, column, section,
  // position, id): `limit` per list, where ranking all of a large branch's cards read and sorted every one.
  // `section_id` leads the order although it is fixed: PostgreSQL takes `section_id is null` for a filter,
  // not an equality, and without it sorts all of a column's own cards (1,500 of 5,000) to keep 20.
  const firstPage = (inList: SQL) => sql`(select l.* from leads l where ${liveLeads} and ${inList}
    order by l.section_id, l.position, l.id limit ${LEAD_FIRST_PAGE_SIZE})`;
  const columns = sql`unnest(array[${sql.join(
    LEAD_COLUMNS.map((name) => sql`${name}`),
    sql`, `,
  )}]::text[]) with ordinality as k(col, place)`;
  // A list of column k.col (its own cards: section null; or a section's) in `counts` or `pages`, aliased x.
  const listOf = (x: string, section: SQL) => sql`${sql.identifier(x)}.column = k.col
    and ${sql.identifier(x)}.section_id is not distinct from ${section}`;
  const cardsOf = (section: SQL) =>
    sql`coalesce((select x.cards from pages x where ${listOf('x', section)}), '[]'::json)`;
  const countOf = (section: SQL) => sql`coalesce((select x.count from counts x where ${listOf('x', section)}), 0)`;
  const sectionJson = jsonObject({
    id: sql`s.id`,
    uuid: sql`s.uuid`,
    branch_id: sql`s.branch_id`,
    column: sql`s.column`,
    title: sql`s.title`,
    position: sql`s.position`,
    count: countOf(sql`s.id`),
    leads: cardsOf(sql`s.id`),
  });
  const columnJson = jsonObject({
    uuid: sql`${`${branchId}-`}::text || k.col`, // columnUuid's form
    column: sql`k.col`,
    // An empty title: the client shows the column's standard name in the user's language.
    title: sql`coalesce((select t.title from lead_column_titles t
      where t.company_id = ${companyId} and t.branch_id = ${branchId} and t.column = k.col), '')`,
    count: countOf(sql`null::bigint`),
    leads: cardsOf(sql`null::bigint`),
    sections: jsonArray(
      sectionJson,
      sql`lead_sections s where ${liveSections} and s.column = k.col`,
      sql`s.position, s.id`,
    ),
  });
  const board = jsonObject({
    branch_id: sql`${branchId}::bigint`,
    time: sql`coalesce((select c.last_time from lead_board_clocks c
      where c.company_id = ${companyId} and c.branch_id = ${branchId}), 0)`,
    columns: jsonArray(columnJson, columns, sql`k.place`),
  });
  return sql`with counts as (
        select l.column, l.section_id, count(*) from leads l where ${liveLeads} group by l.column, l.section_id
      ), pages as (
        select p.column, p.section_id, array_to_json(array_agg(row_to_json(lead_card) order by p.position, p.id)) as cards
        from (
          select p.* from ${columns} cross join lateral ${firstPage(sql`l.column = k.col and l.section_id is null`)} p
          union all
          select p.* from lead_sections s cross join lateral ${firstPage(sql`l.column = s.column and l.section_id = s.id`)} p
          where ${liveSections}
        ) p ${withLeadCards('p')}
        group by p.column, p.section_id
      )
      select ${board}::text as board`;
}

/** GET leads/more: the next page of a list, after the last card the board has (by position, then id). */
export async function loadMore(
  tx: Tx,
  actor: Actor,
  query: { branch_id: number; column: LeadColumn; section_id?: number; after_position?: number; after_id?: number },
): Promise<Lead[]> {
  assertBranch(actor, query.branch_id);
  const where = inList(query.branch_id, query.column, query.section_id ?? null);
  if (query.after_position !== undefined) {
    const after = query.after_position;
    const tie =
      query.after_id === undefined ? sql`false` : and(eq(leads.position, after), gt(leads.id, query.after_id));
    where.push(or(gt(leads.position, after), tie) as SQL);
  }
  return loadLeads(tx, actor.companyId, where, { limit: LEAD_PAGE_SIZE });
}
