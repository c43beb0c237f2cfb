import { LEAD_COLUMNS, LEAD_FIRST_PAGE_SIZE } from '@crm/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { boardStatement } from '../../apps/server/src/modules/leads/board.js';
import type { Dataset } from '../dataset/index.js';
import { historyEvent } from './shared-sql.js';
import { type LoadScenario, nth, q, type SqlCall } from './types.js';

/** Leads as the API shows them (leads/lead-view.ts loadLeads): course, source, responsible admin, archive reason. */
const leadView = `select l.*, c.name as course, s.name as source, a.name as admin_name, r.title as reason_title
  from leads l
  left join courses c on c.company_id = l.company_id and c.id = l.course_id
  left join lead_sources s on s.company_id = l.company_id and s.id = l.source_id
  left join users a on a.company_id = l.company_id and a.id = l.admin_id
  left join lead_reasons r on r.company_id = l.company_id and r.id = l.archive_reason_id`;

/** The tags of the leads the statement before found. */
const leadTags =
  (companyId: number) =>
  (rows: Record<string, unknown>[]): SqlCall =>
    q`select lt.lead_id, t.id, t.name, t.color from lead_tags lt
    join tags t on t.company_id = lt.company_id and t.id = lt.tag_id
    where lt.company_id = ${companyId} and lt.lead_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[])
    order by t.name`;

const dialect = new PgDialect();

const cardsPerBoard = (d: Dataset) =>
  Math.round(d.boards.reduce((n, b) => n + b.uuids.length, 0) / d.boards.length).toLocaleString('en');

/** Spec §7 GET /leads/?branch_id: a branch's board, every column's and section's first page and counts (leads/board.ts). */
export const leadBoard = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'lead board',
  what: `GET /leads/?branch_id: open a branch's board (${cardsPerBoard(d)} cards): 3 columns, 4 sections, first ${LEAD_FIRST_PAGE_SIZE} cards of each and the counts`,
  actor: 'marketer',
  concurrency: 20,
  requests: 1_000,
  request: (i) => ({ method: 'GET', path: `/api/v1/leads/?branch_id=${nth(d.branchIds, i, 1)}` }),
  // The board's own statement (leads/board.ts): PostgreSQL writes the whole answer as one JSON text.
  sql: (i) => {
    const { sql: text, params } = dialect.sqlToQuery(boardStatement(d.company.id, nth(d.branchIds, i, 1)));
    return [{ text, values: params }];
  },
  targets: { p95Ms: 50 },
});

/** The card request i moves: boards in turn, a different card each time, to the top of another column. */
const moveOf = (d: Dataset, i: number) => {
  const board = nth(d.boards, i, 1);
  return { branchId: board.branchId, uuid: nth(board.uuids, i), column: nth(LEAD_COLUMNS, i, 1) };
};

/** Spec §7 POST /lead-increment/: a card dragged to the top of a column (leads/board-moves.ts moveLead). */
export const leadMove = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'lead move',
  what: "POST /lead-increment/?branch_id: a card dragged to the top of another column, boards in turn (lock, position, update, history, the board's update record)",
  actor: 'marketer',
  concurrency: 20,
  requests: 1_000,
  request: (i) => {
    const move = moveOf(d, i);
    const body = {
      action: 'update',
      type: 'lead',
      uuid: move.uuid,
      data: { after_uuid: null },
      location: { column: move.column, section: null },
    };
    return { method: 'POST', path: `/api/v1/lead-increment/?branch_id=${move.branchId}`, body: JSON.stringify(body) };
  },
  sql: (i) => {
    const move = moveOf(d, i);
    const cid = d.company.id;
    const list = q`select position from leads where company_id = ${cid} and branch_id = ${move.branchId}
      and "column" = ${move.column} and section_id is null and archived_at is null and student_id is null
      order by position limit 1`;
    return [
      q`select * from leads where company_id = ${cid} and uuid = ${move.uuid} for update`,
      list,
      (rows) =>
        q`update leads set "column" = ${move.column}, section_id = null,
            position = ${Number(rows[0]?.position ?? 1024) - 1024}, updated_at = now()
          where company_id = ${cid} and uuid = ${move.uuid}
          returning id`,
      (rows) =>
        historyEvent(cid, 'leadMoved', 'lead', Number(rows[0]?.id), move.branchId, d.company.ownerId, {
          to: { column: move.column, section: null, branch_id: move.branchId },
        }),
      { text: `${leadView} where l.company_id = $1 and l.uuid = $2`, values: [cid, move.uuid] },
      leadTags(cid),
      q`insert into lead_board_clocks (company_id, branch_id, last_time) values (${cid}, ${move.branchId}, 1)
        on conflict (company_id, branch_id) do update set last_time = lead_board_clocks.last_time + 1
        returning last_time`,
      (rows) =>
        q`insert into lead_increments (company_id, branch_id, time, action, type, uuid, data, location, author_id)
          values (${cid}, ${move.branchId}, ${rows[0]?.last_time}, 'update', 'lead', ${move.uuid}, '{}'::jsonb,
            ${JSON.stringify({ column: move.column, section: null })}::jsonb, ${d.company.ownerId})
          returning time`,
      (rows) => q`select pg_notify('lead_board', ${`${cid}:${move.branchId}:${rows[0]?.time}`})`,
    ];
  },
});
