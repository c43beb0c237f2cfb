import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type NamedCatalogueSpec,
  type NamedRow,
  type NameKey,
  namedCatalogue,
} from '../../platform/named-catalogue.js';
import { assertTextFree, isUsedByLeads, type LeadCatalogue } from './lead-catalogue.js';

/**
 * A lead setting that leads point at (sources, deletion reasons) as a named catalogue: its name unique in
 * the company ignoring case, deactivated rather than deleted once a lead names it, each change a
 * `leadSettingsChanged` event.
 */
export function leadNamedCatalogue<K extends NameKey, Row extends NamedRow<K>>(
  spec: Pick<NamedCatalogueSpec<K, Row>, 'table' | 'nameKey' | 'columns' | 'historyView'> & {
    entity: string;
    /** The column of `leads` that points at an entry. */
    usedBy: AnyPgColumn;
  },
) {
  const { table, nameKey, usedBy } = spec;
  const catalogue: LeadCatalogue = {
    table,
    id: table.id,
    companyId: table.companyId,
    text: table[nameKey],
    field: nameKey,
    usedBy,
  };
  return namedCatalogue<K, Row>({
    ...spec,
    history: { event: 'leadSettingsChanged', entity: spec.entity },
    assertNameFree: (tx, actor, name, exceptId) => assertTextFree(tx, catalogue, actor.companyId, name, exceptId),
    inUse: (tx, actor, row) => isUsedByLeads(tx, catalogue, actor.companyId, row.id),
  });
}
