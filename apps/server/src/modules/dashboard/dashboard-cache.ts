import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';

/**
 * What the company's figures were computed from: the newest history event and ledger entry. Every change
 * the dashboard counts writes one of them (ARCHITECTURE.md: every mutation writes a history event; money is
 * the ledger), so an answer stored under this version is exactly what a fresh computation would give. Both
 * are a backward step on a (company_id, id) primary key: microseconds, whatever the company's size.
 */
export async function companyVersion(tx: Tx, companyId: number): Promise<string> {
  const [row] = await selectRows<{ history: string | null; ledger: string | null }>(
    tx,
    sql`select (select max(id) from history_events where company_id = ${companyId})::text as history,
      (select max(id) from ledger_entries where company_id = ${companyId})::text as ledger`,
  );
  return `${row?.history ?? 0}:${row?.ledger ?? 0}`;
}

/**
 * The dashboard answers of this process, by company version, day and who asks (branch or teacher, filters,
 * what his roles may see). A stale entry is never served — its key names an older version — and simply ages
 * out of the least-recently-used order. Several processes each keep their own: correctness never depends on it.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 500) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
