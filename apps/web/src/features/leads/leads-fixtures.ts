import type { Lead, LeadBoard, LeadColumn, LeadIncrement, LeadSection } from '@crm/contracts';

/** Leads, boards and update records as the API answers them, for the tests of this feature. */

let nextId = 100;

export const aLead = (overrides: Partial<Lead> = {}): Lead => {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    branch_id: 2,
    name: `Lead ${id}`,
    phone: '901234567',
    comment: null,
    course_id: null,
    course: null,
    source_id: null,
    source: null,
    admin: null,
    column: 'incoming',
    section_id: null,
    position: id * 1024,
    tags: [],
    created_at: '2025-11-20T09:00:00.000Z',
    archived_at: null,
    archive_reason: null,
    student_id: null,
    ...overrides,
  };
};

export const aSection = (overrides: Partial<LeadSection> = {}): LeadSection => ({
  id: 7,
  uuid: '00000000-0000-4000-9000-000000000007',
  branch_id: 2,
  column: 'waiting',
  title: 'Call back',
  position: 1024,
  ...overrides,
});

/** A board of branch 2 with these cards (each in its column or section) and these sections. */
export function aBoard(
  leads: Lead[],
  {
    sections = [],
    time = 10,
    counts = {},
  }: { sections?: LeadSection[]; time?: number; counts?: Record<string, number> } = {},
): LeadBoard {
  const inList = (column: LeadColumn, sectionId: number | null) =>
    leads.filter((l) => l.column === column && l.section_id === sectionId).sort((a, b) => a.position - b.position);
  return {
    branch_id: 2,
    time,
    columns: (['incoming', 'waiting', 'set'] as const).map((column) => ({
      uuid: `2-${column}`,
      column,
      title: '',
      count: counts[column] ?? inList(column, null).length,
      leads: inList(column, null),
      sections: sections
        .filter((s) => s.column === column)
        .map((s) => ({
          ...s,
          count: counts[`${column}:${s.id}`] ?? inList(column, s.id).length,
          leads: inList(column, s.id),
        })),
    })),
  };
}

/** An update record of the board (defaults: someone else's move of `lead` to where it now is). */
export const aRecord = (time: number, lead: Lead, overrides: Partial<LeadIncrement> = {}): LeadIncrement => ({
  time,
  action: 'update',
  type: 'lead',
  uuid: lead.uuid,
  data: lead,
  location: { column: lead.column, section: lead.section_id },
  author_id: 3,
  client_id: 'other-tab',
  created_at: '2025-11-20T09:00:00.000Z',
  ...overrides,
});
