import type { Lead, LeadBoard, LeadColumn, LeadIncrement, LeadSection, LeadUpdates } from '@crm/contracts';
import { type BoardState, boardStateOf, type ListKey } from './board-lists';
import {
  type MoveTarget,
  place,
  takeOff,
  withCardMoved,
  withColumnTitle,
  withoutCard,
  withPage,
  withSection,
} from './board-patches';

export type { MoveTarget } from './board-patches';

type Input =
  | { kind: 'updates'; answer: LeadUpdates }
  | { kind: 'own'; record: LeadIncrement }
  | { kind: 'settle'; uuid: string; record: LeadIncrement | null };

/** Records kept to re-apply after a reload that read the board before them. */
const KEEP_RECENT = 1000;
const byTime = (a: LeadIncrement, b: LeadIncrement) => a.time - b.time;

/**
 * Spec §4 and docs/decisions/0015: one branch's live board, patched from the server's update records.
 *
 * - Records apply in `time` order. Each card, section and column remembers the time of the record it
 *   shows; a record not newer than that is skipped. A record carries the whole card after the change, so
 *   this makes an echo of this tab's own change (same `client_id`, already applied from the POST answer)
 *   a no-op, and a late answer can never undo a newer change of someone else.
 * - A card this tab is changing (an optimistic move in flight) holds the records about it until the
 *   answer arrives, then applies them all in order: the screen does not jump back and forth meanwhile.
 * - While the user drags a card nothing changes under the pointer: inputs queue and apply on drop.
 * - `reset` (the board fell too far behind) and a deleted section (its cards moved) ask for a reload.
 *
 * Plain TypeScript, so it is tested without React; the screen reads it with useSyncExternalStore.
 */
export class LeadBoardStore {
  private state: BoardState | null = null;
  /** The last record received in order: the `from` of the next `updates` request. */
  private cursor = 0;
  /** The time of the board load: what every loaded card shows unless a record says later. */
  private base = 0;
  private readonly versions = new Map<string, number>();
  /** Cards taken off this board, with the time they left. */
  private readonly gone = new Map<string, number>();
  private readonly pending = new Map<string, number>();
  private readonly held = new Map<string, LeadIncrement[]>();
  private recent: LeadIncrement[] = [];
  private dragging = false;
  private queue: Input[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly clientId: string,
    private readonly requestReload: () => void,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): BoardState | null => this.state;

  /** The `from` of the next request for updates. */
  get time(): number {
    return this.cursor;
  }

  load(board: LeadBoard): void {
    this.state = boardStateOf(board);
    this.base = board.time;
    this.cursor = board.time;
    for (const map of [this.versions, this.gone, this.pending, this.held]) map.clear();
    // Records received while the board was read may be newer than what it shows.
    for (const record of this.recent.filter((r) => r.time > board.time).sort(byTime)) {
      this.applyInOrder(record);
      this.cursor = record.time;
    }
    this.emit();
  }

  /** Records from the stream or from polling. */
  receive(answer: LeadUpdates): void {
    this.run({ kind: 'updates', answer });
  }

  /** The record answering this tab's own change of a section or a column title. */
  applyOwn(record: LeadIncrement): void {
    this.run({ kind: 'own', record });
  }

  /** The answer of this tab's change of a card (null: it failed, or the answer is not a record of this board). */
  settle(uuid: string, record: LeadIncrement | null): void {
    this.run({ kind: 'settle', uuid, record });
  }

  beginDrag(): void {
    this.dragging = true;
  }

  endDrag(): void {
    this.dragging = false;
    const queued = this.queue;
    this.queue = [];
    for (const input of queued) this.run(input);
  }

  /** Moves a card at once, before the server answers (settle() follows). False: the card is not shown. */
  moveLocally(uuid: string, target: MoveTarget): boolean {
    const moved = this.state && withCardMoved(this.state, uuid, target);
    if (!moved) return false;
    this.state = moved;
    this.markPending(uuid);
    this.emit();
    return true;
  }

  /** Takes a card off at once (archived, converted, moved to another branch); settle() follows. */
  removeLocally(uuid: string): boolean {
    const taken = this.state && withoutCard(this.state, uuid);
    if (!taken) return false;
    this.state = taken.state;
    this.gone.set(uuid, this.versionOf(uuid));
    this.versions.delete(uuid);
    this.markPending(uuid);
    this.emit();
    return true;
  }

  /** The next page of a list, read after its last card (GET leads/more). */
  appendPage(key: ListKey, page: readonly Lead[]): void {
    if (!this.state) return;
    this.state = withPage(this.state, key, page, this.gone);
    this.emit();
  }

  private run(input: Input): void {
    if (this.dragging) {
      this.queue.push(input);
      return;
    }
    if (!this.state) return;
    if (input.kind === 'updates') {
      if (input.answer.reset) {
        this.requestReload();
        return;
      }
      for (const record of [...input.answer.updates].sort(byTime)) {
        if (record.time <= this.cursor) continue;
        this.recent.push(record);
        this.applyInOrder(record);
        this.cursor = record.time;
      }
      if (this.recent.length > KEEP_RECENT) this.recent = this.recent.slice(-KEEP_RECENT);
      this.cursor = Math.max(this.cursor, input.answer.time);
    } else if (input.kind === 'own') {
      this.applyInOrder(input.record);
    } else {
      this.settleCard(input.uuid, input.record);
    }
    this.emit();
  }

  private settleCard(uuid: string, record: LeadIncrement | null) {
    const left = (this.pending.get(uuid) ?? 1) - 1;
    if (left > 0) this.pending.set(uuid, left);
    else this.pending.delete(uuid);
    // A move to another branch is answered with that branch's record: its time is of another clock.
    const here =
      record && (record.action === 'delete' || (record.data as Partial<Lead>).branch_id === this.state?.branchId);
    if (record && here) this.held.set(uuid, [...(this.held.get(uuid) ?? []), record]);
    if (left > 0) return;
    const records = (this.held.get(uuid) ?? []).sort(byTime);
    this.held.delete(uuid);
    for (const held of records) this.applyInOrder(held);
  }

  private applyInOrder(record: LeadIncrement) {
    if (record.type === 'lead') this.applyLead(record);
    else if (record.type === 'section') this.applySection(record);
    else this.applyElement(record);
    // A change too big for one record each (a deleted section, a large import) says `reload`.
    if (record.data.reload === true) this.requestReload();
  }

  private versionOf(uuid: string): number {
    return this.versions.get(uuid) ?? this.gone.get(uuid) ?? this.base;
  }

  private applyLead(record: LeadIncrement) {
    if (this.pending.has(record.uuid)) {
      this.held.set(record.uuid, [...(this.held.get(record.uuid) ?? []), record]);
      return;
    }
    // Not newer than what the card shows: stale, or the echo of this tab's own change.
    if (!this.state || record.time <= this.versionOf(record.uuid)) return;
    const lead = record.data as Lead;
    const taken = takeOff(this.state, record, this.gone.has(record.uuid));
    this.state = taken.state;
    if (record.action === 'delete' || lead.branch_id !== this.state.branchId) {
      this.gone.set(record.uuid, record.time);
      this.versions.delete(record.uuid);
      return;
    }
    const placed = place(this.state, lead, taken.shownIn);
    // A list this board does not know (a section it missed): read the board again.
    if (placed) this.state = placed;
    else this.requestReload();
    this.versions.set(record.uuid, record.time);
    this.gone.delete(record.uuid);
  }

  private applySection(record: LeadIncrement) {
    // Decision 0015: a deleted section's cards moved to its column; its record says `reload`.
    if (record.action === 'delete') return;
    if (!this.state || record.time <= this.versionOf(record.uuid)) return;
    this.versions.set(record.uuid, record.time);
    this.state = withSection(this.state, record.data as LeadSection);
  }

  private applyElement(record: LeadIncrement) {
    if (!this.state || record.time <= this.versionOf(record.uuid)) return;
    this.versions.set(record.uuid, record.time);
    const { column, title } = record.data as { column: LeadColumn; title: string };
    this.state = withColumnTitle(this.state, column, title);
  }

  private markPending(uuid: string) {
    this.pending.set(uuid, (this.pending.get(uuid) ?? 0) + 1);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
