import type { Lead, LeadBoard, LeadIncrement } from '@crm/contracts';
import { afterAll, beforeAll } from 'vitest';
import { type ApiCall, json, pageOf } from '../finance/finance-test-support';
import { aRecord } from './leads-fixtures';

/** Page tests of the lead board: the API answered at the fetch boundary, its stream written by the test. */

/** The board's stream: `ready` at once, then whatever the test writes. */
export function boardStream() {
  const encoder = new TextEncoder();
  let writer: ReadableStreamDefaultController<Uint8Array> | null = null;
  const pending: string[] = [];
  const write = (text: string) => {
    if (writer) writer.enqueue(encoder.encode(text));
    else pending.push(text);
  };
  return {
    response: (time: number) => {
      pending.unshift(`event: ready\ndata: {"time":${time}}\n\n`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          writer = controller;
          for (const text of pending.splice(0)) controller.enqueue(encoder.encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    push: (records: LeadIncrement[]) =>
      write(
        `event: updates\ndata: ${JSON.stringify({ time: records.at(-1)?.time ?? 0, updates: records, reset: false })}\n\n`,
      ),
  };
}

/** GET /leads/staff and GET /leads/groups of branch 2: what a card's forms offer, to a marketer too. */
export const STAFF = [
  { id: 3, name: 'Nodira Admin' },
  { id: 9, name: 'Otabek Marketer' },
];
export const GROUPS = [{ id: 41, title: 'Evening English', course: 'English', teacher: 'Kamola Teacher' }];
/** The public form's source (shown in the user's language) and a company's own. */
export const SOURCES = [
  { id: 1, name: 'Website form', active: true },
  { id: 2, name: 'Instagram', active: true },
];

export const REASONS = [
  { id: 1, title: 'Too expensive', staff: null, active: true },
  { id: 2, title: 'Old reason', staff: null, active: false },
];

const notFound = () => json(404, { error: { code: 'not_found', message: 'Not found.' } });
const cardsOf = (board: LeadBoard) => board.columns.flatMap((c) => [...c.leads, ...c.sections.flatMap((s) => s.leads)]);

/**
 * The answers of the board page's API: the board, its stream, board changes (answered with the record
 * of the change, as the server does), the options, GET /leadData and POST /group/lead/{id}.
 */
export function boardApi(board: () => LeadBoard, stream: ReturnType<typeof boardStream>, list: Lead[] = []) {
  let time = 100;
  return ({ method, url, body }: ApiCall): Response | undefined => {
    const path = url.split('?')[0];
    if (path === '/api/v1/leads/') return json(200, board());
    if (path === '/api/v1/lead-increment/stream') return stream.response(board().time);
    if (path === '/api/v1/lead-increment/updates') return json(200, { time: board().time, updates: [], reset: false });
    if (path === '/api/v1/lead-increment/' && method === 'POST') {
      const change = body as {
        action: string;
        type: string;
        uuid: string;
        data: Record<string, unknown>;
        location: { column: Lead['column']; section: number | null };
      };
      const lead = cardsOf(board()).find((l) => l.uuid === change.uuid);
      if (!lead) return notFound();
      time += 1;
      const moved = change.location
        ? { ...lead, column: change.location.column, section_id: change.location.section }
        : lead;
      return json(
        200,
        aRecord(time, moved, {
          action: change.action as 'update',
          client_id: 'echo',
          data: change.action === 'delete' ? { id: lead.id, ...change.data } : moved,
        }),
      );
    }
    if (path === '/api/v1/leads/archive-reason') return json(200, { data: REASONS });
    if (path === '/api/v1/leads/staff') return json(200, { data: STAFF });
    if (path === '/api/v1/leads/groups') return json(200, { data: GROUPS });
    if (path?.startsWith('/api/v1/group/lead/') && method === 'POST') {
      const id = Number(path.split('/').at(-1));
      const lead = cardsOf(board()).find((l) => l.id === id);
      return lead ? json(200, { ...lead, student_id: 500 }) : notFound();
    }
    if (path === '/api/v1/leadSource') return json(200, { data: SOURCES });
    if (path === '/api/v1/tags') return json(200, { data: [] });
    if (path === '/api/v1/course') return json(200, { data: [], pagination: pageOf(0) });
    if (path === '/api/v1/leadData') {
      const column = new URL(url, 'http://x').searchParams.get('column');
      const data = list.filter((lead) => !column || lead.column === column);
      return json(200, { data, pagination: pageOf(data.length, data.length, 50) });
    }
    return undefined;
  };
}

/** jsdom lays nothing out: give scroll areas a size so the virtualised columns render their rows. */
export function withLaidOutColumns() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  });
  afterAll(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  });
}
