import type { LeadSource, leadSourceInputSchema } from '@crm/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { leadSources, leads } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { leadNamedCatalogue } from './lead-named-catalogue.js';

type SourceInput = z.infer<typeof leadSourceInputSchema>;

/** A source no lead names is deleted; one that leads name is deactivated, so they keep it. */
const sources = leadNamedCatalogue<'name', LeadSource>({
  table: leadSources,
  nameKey: 'name',
  columns: { id: leadSources.id, name: leadSources.name, active: leadSources.active },
  entity: 'lead_source',
  usedBy: leads.sourceId,
  historyView: ({ id, name, active }) => ({ id, name, active }),
});

/** GET /leadSource: the active sources (what forms offer), or with `all` every one, active first. */
export const listLeadSources = (tx: Tx, actor: Actor, all: boolean): Promise<LeadSource[]> =>
  sources.list(tx, actor, all ? undefined : true);

export async function createLeadSource(tx: Tx, actor: Actor, input: SourceInput): Promise<LeadSource> {
  const id = await sources.create(tx, actor, input);
  return { id, name: input.name, active: input.active };
}

export const updateLeadSource = (tx: Tx, actor: Actor, id: number, input: SourceInput): Promise<LeadSource> =>
  sources.update(tx, actor, id, input);

export const deleteLeadSource = (tx: Tx, actor: Actor, id: number) => sources.remove(tx, actor, id);
