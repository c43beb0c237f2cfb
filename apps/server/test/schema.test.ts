import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, selectRows } from '../src/db/client.js';
import { openTestDatabase } from './helpers.js';

/**
 * The tenancy rules of ARCHITECTURE.md, checked on the migrated schema itself:
 * every table with a company_id is a tenant table, and for each of them
 * row-level security is on, and company_id leads its primary key and is part of
 * every unique constraint and of every foreign key to another tenant table.
 */
let database: Database;
let tenantTables: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  const rows = await selectRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  tenantTables = rows.map((r) => r.table_name);
});

interface ConstraintRow {
  table_name: string;
  name: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
}

const constraints = () =>
  selectRows<ConstraintRow>(
    database.db,
    sql`select c.conrelid::regclass::text as table_name, c.conname as name, c.contype as type,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
          c.confrelid::regclass::text as ref_table,
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as ref_columns
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype in ('p', 'u', 'f')`,
  );

describe('the schema', () => {
  it('has the tenant tables of the foundation', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['branches', 'users', 'rooms', 'history_events', 'sessions']));
  });

  it('turns row-level security on, with a company policy, for every tenant table', async () => {
    const rows = await selectRows<{ relname: string; relrowsecurity: boolean; policies: string[] | null }>(
      database.db,
      sql`select c.relname, c.relrowsecurity,
            (select array_agg(p.qual) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    for (const table of [...tenantTables, 'companies']) {
      const row = rows.find((r) => r.relname === table);
      expect(row?.relrowsecurity, `${table} has RLS`).toBe(true);
      expect(
        row?.policies?.some((q) => q.includes('app.company_id')),
        `${table} has a company policy`,
      ).toBe(true);
    }
  });

  it('leads every tenant primary key with company_id and puts it in every unique constraint', async () => {
    const all = await constraints();
    for (const table of tenantTables) {
      const pk = all.find((c) => c.table_name === table && c.type === 'p');
      expect(pk?.columns[0], `${table} primary key`).toBe('company_id');
      for (const unique of all.filter((c) => c.table_name === table && c.type === 'u')) {
        expect(unique.columns, `${table}.${unique.name}`).toContain('company_id');
      }
    }
  });

  it('includes company_id on both sides of every foreign key between tenant tables', async () => {
    const all = await constraints();
    const fks = all.filter(
      (c) => c.type === 'f' && tenantTables.includes(c.table_name) && tenantTables.includes(c.ref_table ?? ''),
    );
    expect(fks.length).toBeGreaterThan(3);
    for (const fk of fks) {
      const at = fk.columns.indexOf('company_id');
      expect(at, `${fk.table_name}.${fk.name} has company_id`).toBeGreaterThanOrEqual(0);
      expect(fk.ref_columns?.[at], `${fk.table_name}.${fk.name} pairs company_id`).toBe('company_id');
    }
  });

  it('runs requests as a role that cannot bypass row-level security and owns no table', async () => {
    const [role] = await selectRows<{ rolbypassrls: boolean; rolsuper: boolean; owned: number }>(
      database.db,
      sql`select r.rolbypassrls, r.rolsuper,
            (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
          from pg_roles r where r.rolname = 'app_user'`,
    );
    expect(role).toEqual({ rolbypassrls: false, rolsuper: false, owned: 0 });
  });
});
