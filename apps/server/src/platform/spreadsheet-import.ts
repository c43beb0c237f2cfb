import { normalizePhone, phoneDigitCount } from '@crm/contracts';
import type { Tx } from '../db/client.js';
import type { Actor } from './actor.js';
import { type HistoryRecord, recordHistory } from './history.js';
import type { SheetRow } from './spreadsheet-read.js';

/**
 * What every import of people from a spreadsheet does with its rows (students, leads; spec §2, §5): the
 * same first checks (a name, lengths, a phone of the company country's digit count, a phone once per
 * file), every refused row reported with its number and reason, and one history event for the whole file.
 */

/** The refusals every such import makes; each import adds its own (a known student, a live lead). */
export type CommonRejection = 'name_required' | 'too_long' | 'phone_invalid' | 'duplicate_in_file';

export interface RejectedRow<Reason extends string> {
  row: number;
  reason: Reason;
  name: string | null;
  /** As typed when the phone itself was refused, else the national digits. */
  phone: string | null;
  /** For a duplicate of a known row: which one. */
  existing_id: number | null;
}

type PersonRow = SheetRow<'name' | 'phone' | string>;

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export class ImportReport<Reason extends string> {
  private readonly rejected: RejectedRow<Reason | CommonRejection>[] = [];
  private readonly seen = new Set<string>();
  private readonly digits: number;

  constructor(
    private readonly country: string,
    private readonly startedAt: number,
  ) {
    this.digits = phoneDigitCount(country);
  }

  reject(
    row: PersonRow,
    reason: Reason | CommonRejection,
    phone: string | null = null,
    existingId: number | null = null,
  ) {
    this.rejected.push({
      row: row.row,
      reason,
      name: row.values.name ?? null,
      phone: phone ?? row.values.phone ?? null,
      existing_id: existingId,
    });
  }

  /**
   * The first checks of a row: a name, no text over its limit, a phone of the country's digit count.
   * Answers the name and the phone's national digits, or null when the row is refused (and reported).
   */
  checkContact<Column extends string>(
    row: SheetRow<Column | 'name' | 'phone'>,
    limits: Readonly<Partial<Record<Column, number>>>,
  ): { name: string; phone: string } | null {
    const values = row.values as Partial<Record<string, string>>;
    if (!values.name) return this.refuse(row, 'name_required');
    const tooLong = Object.entries(limits).some(([key, limit]) => (values[key]?.length ?? 0) > (limit as number));
    if (tooLong) return this.refuse(row, 'too_long');
    const phone = normalizePhone(values.phone ?? '', this.country);
    if (phone.length !== this.digits) return this.refuse(row, 'phone_invalid');
    return { name: values.name, phone };
  }

  /** False, with the row refused as duplicate_in_file, when a row above had the phone. */
  firstInFile(row: PersonRow, phone: string): boolean {
    if (!this.seen.has(phone)) {
      this.seen.add(phone);
      return true;
    }
    this.reject(row, 'duplicate_in_file', phone);
    return false;
  }

  /** Records the import's history event and answers what the file did, refused rows in file order. */
  async finish(
    tx: Tx,
    actor: Actor,
    event: Pick<HistoryRecord, 'event' | 'entity'> & { branchId: number },
    counts: { total: number; imported: number },
  ) {
    this.rejected.sort((a, b) => a.row - b.row);
    const { branchId } = event;
    await recordHistory(tx, actor, {
      ...event,
      data: {
        branch_id: branchId,
        total_rows: counts.total,
        imported: counts.imported,
        rejected: this.rejected.length,
      },
    });
    return {
      total_rows: counts.total,
      imported: counts.imported,
      rejected: this.rejected,
      took_ms: Math.round(performance.now() - this.startedAt),
    };
  }

  private refuse(row: PersonRow, reason: CommonRejection): null {
    this.reject(row, reason);
    return null;
  }
}
