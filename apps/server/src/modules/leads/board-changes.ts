import {
  LEAD_SECTION_TITLE_MAX,
  type LeadIncrement,
  type LeadIncrementInput,
  leadColumnSchema,
  leadIncrementInputSchema,
} from '@crm/contracts';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { refusalOfZod } from '../../platform/error-handler.js';
import { AppError } from '../../platform/errors.js';
import { archiveLead, moveLead } from './board-moves.js';
import { createSection, deleteSection, renameColumn, renameSection } from './lead-sections.js';

type Change = z.infer<typeof leadIncrementInputSchema>;

/** What each kind of record's `data` must hold; checked here, since `data` is free-form on the wire. */
const moveData = z.object({
  after_uuid: z.uuid().nullish(),
  branch_id: z.coerce.number().int().positive().nullish(),
});
const archiveData = z.object({ reason_id: z.coerce.number().int().positive().optional() });
const titleData = z.object({ title: z.string().trim().min(1).max(LEAD_SECTION_TITLE_MAX) });
const columnTitleData = z.object({ title: z.string().trim().max(LEAD_SECTION_TITLE_MAX) });

function parse<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refusalOfZod(result.error.issues, value, prefix);
}

const unsupported = (change: Change) =>
  new AppError(400, 'validation_failed', [
    { field: 'action', rule: 'board', message: `${change.action} of a ${change.type} is not a board change` },
  ]);

/**
 * Spec §7 POST lead-increment/?branch_id: one change of the board, stored as one update record
 * (answered with it). Leads: `update` with a location moves a card, `delete` archives it with a
 * reason (new leads come through POST /leadData). Sections: create, rename, delete. Elements
 * (columns): a new title.
 */
export async function applyBoardChange(
  tx: Tx,
  actor: Actor,
  branchId: number,
  raw: LeadIncrementInput,
): Promise<LeadIncrement> {
  const change = parse(leadIncrementInputSchema, raw, '');
  const clientId = change.client_id ?? null;
  if (change.type === 'lead') {
    if (change.action === 'update') {
      if (!change.location) {
        throw new AppError(400, 'validation_failed', [{ field: 'location', rule: 'required', message: 'required' }]);
      }
      const data = parse(moveData, change.data, 'data');
      return moveLead(tx, actor, {
        uuid: change.uuid,
        location: change.location,
        afterUuid: data.after_uuid ?? null,
        branchId: data.branch_id ?? null,
        clientId,
      });
    }
    if (change.action === 'delete') {
      const data = parse(archiveData, change.data, 'data');
      return archiveLead(tx, actor, { uuid: change.uuid }, data.reason_id, clientId);
    }
    throw unsupported(change);
  }
  if (change.type === 'section') {
    if (change.action === 'create') {
      const column = parse(leadColumnSchema, change.location?.column, 'location.column');
      const { title } = parse(titleData, change.data, 'data');
      return (await createSection(tx, actor, { branch_id: branchId, column, title }, clientId)).increment;
    }
    if (change.action === 'update') {
      const { title } = parse(titleData, change.data, 'data');
      return (await renameSection(tx, actor, { uuid: change.uuid }, title, clientId)).increment;
    }
    return deleteSection(tx, actor, { uuid: change.uuid }, clientId);
  }
  if (change.action !== 'update') throw unsupported(change);
  const column = parse(leadColumnSchema, change.location?.column, 'location.column');
  const { title } = parse(columnTitleData, change.data, 'data');
  return renameColumn(tx, actor, branchId, column, title, clientId);
}
