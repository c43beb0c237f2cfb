import { type SQL, sql } from 'drizzle-orm';
import { type CapturedStatement, type Db, selectRows } from '../../src/db/client.js';
import { inCompany } from '../../src/platform/tenancy.js';

/** A node of `EXPLAIN (FORMAT JSON)`: only the fields the check reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** What the catalogue says about the tables and indexes the check meets. */
export interface Catalogue {
  /** Tables with a company_id column. */
  tenantTables: Set<string>;
  /** Index name → its table and its first column (null for an expression). */
  indexes: Map<string, { table: string; firstColumn: string | null }>;
}

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const tables = await selectRows<{ table: string }>(
    db,
    sql`select table_name as "table" from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id'`,
  );
  const indexes = await selectRows<{ index: string; table: string; first_column: string | null }>(
    db,
    sql`select i.relname as "index", t.relname as "table", a.attname as first_column
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]`,
  );
  return {
    tenantTables: new Set(tables.map((r) => r.table)),
    indexes: new Map(indexes.map((r) => [r.index, { table: r.table, firstColumn: r.first_column }])),
  };
}

/** Reads: what a list request's plan is made of (the set_config of every tenant transaction is not one). */
export const isRead = (statement: CapturedStatement) =>
  /^\s*(select|with)\b/i.test(statement.sql) && !/^\s*select\s+set_config\(/i.test(statement.sql);

/** The captured text and parameters as one Drizzle SQL: each `$n` becomes that parameter again, bound, never inlined. */
function rebind(prefix: string, statement: CapturedStatement): SQL {
  const parts = statement.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(prefix)];
  parts.forEach((part, i) => {
    chunks.push(i % 2 ? sql`${sql.param(statement.params[Number(part) - 1])}` : sql.raw(part));
  });
  return sql.join(chunks);
}

/**
 * The plan of a captured statement as the request ran it: in the company's transaction, as
 * app_user under row-level security, with sequential scans priced out (`enable_seqscan = off`) so
 * that a small table does not hide a missing index. EXPLAIN without ANALYZE runs nothing.
 */
export async function planOf(db: Db, companyId: number, statement: CapturedStatement): Promise<PlanNode> {
  return inCompany(db, companyId, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(tx, rebind('explain (format json) ', statement));
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    return parsed[0].Plan;
  });
}

/** One scan of a tenant table in a plan, and whether it goes through an index led by company_id. */
export interface TenantScan {
  scan: string;
  usesCompanyIndex: boolean;
}

/**
 * Every scan of a tenant table in the plan. It passes through an Index Scan, Index Only Scan
 * or Bitmap Index Scan on an index whose first column is company_id; a Seq Scan (or any other
 * scan of the table itself) or an index led by another column fails. A Bitmap Heap Scan is
 * judged by the Bitmap Index Scans beneath it.
 */
export function tenantScans(plan: PlanNode, catalogue: Catalogue): TenantScan[] {
  const found: TenantScan[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const indexName = node['Index Name'];
    const index = indexName ? catalogue.indexes.get(indexName) : undefined;
    if (index && catalogue.tenantTables.has(index.table)) {
      found.push({
        scan: `${type} on ${index.table} using ${indexName} (led by ${index.firstColumn ?? 'an expression'})`,
        usesCompanyIndex: index.firstColumn === 'company_id',
      });
    } else if (!indexName && type !== 'Bitmap Heap Scan' && catalogue.tenantTables.has(node['Relation Name'] ?? '')) {
      found.push({ scan: `${type} on ${node['Relation Name']}`, usesCompanyIndex: false });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return found;
}
