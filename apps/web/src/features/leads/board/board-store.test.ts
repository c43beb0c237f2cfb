import type { Lead } from '@crm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { aBoard, aLead, aRecord, aSection } from '../leads-fixtures';
import { type BoardState, columnTotal, findCard, listOf } from './board-lists';
import { LeadBoardStore } from './board-store';

const ME = 'my-tab';

function storeWith(leads: Lead[], options: Parameters<typeof aBoard>[1] = {}) {
  const reload = vi.fn();
  const store = new LeadBoardStore(ME, reload);
  store.load(aBoard(leads, options));
  const state = () => store.getSnapshot() as BoardState;
  const placeOf = (lead: Lead) => findCard(state(), lead.uuid)?.list.key ?? null;
  const names = (key: string) => listOf(state(), key)?.cards.map((c) => c.name);
  return { store, reload, state, placeOf, names };
}

const moved = (lead: Lead, column: Lead['column'], extra: Partial<Lead> = {}) => ({ ...lead, column, ...extra });
const updates = (time: number, ...records: ReturnType<typeof aRecord>[]) => ({ time, updates: records, reset: false });

describe('LeadBoardStore', () => {
  it('applies records in time order, whatever order they arrive in, and moves its cursor', () => {
    const a = aLead({ name: 'Aziz' });
    const { store, placeOf, state } = storeWith([a]);
    store.receive(
      updates(
        12,
        aRecord(12, moved(a, 'set')),
        aRecord(11, moved(a, 'waiting'), {
          location: { column: 'waiting', section: null, old_column: 'incoming', old_section: null },
        }),
      ),
    );
    expect(placeOf(a)).toBe('set');
    expect(store.time).toBe(12);
    expect(state().columns.map(columnTotal)).toEqual([0, 0, 1]);
  });

  it('skips records it already has (the stream and polling may both deliver one)', () => {
    const a = aLead();
    const { store, placeOf } = storeWith([a]);
    store.receive(updates(11, aRecord(11, moved(a, 'set'))));
    store.receive(updates(11, aRecord(10, moved(a, 'waiting')), aRecord(11, moved(a, 'set'))));
    expect(placeOf(a)).toBe('set');
  });

  it('ignores the echo of its own move already applied from the answer, even after a newer move of its own', () => {
    const a = aLead();
    const { store, placeOf, state } = storeWith([a]);
    expect(store.moveLocally(a.uuid, { column: 'waiting', sectionId: null, afterUuid: null })).toBe(true);
    const mine = aRecord(11, moved(a, 'waiting', { position: 5 }), { client_id: ME });
    store.settle(a.uuid, mine);
    const afterAnswer = state();
    store.receive(updates(11, mine));
    expect(state().columns).toBe(afterAnswer.columns);
    // A second drag is in flight when the first one's echo arrives: the card stays where it was dropped.
    store.moveLocally(a.uuid, { column: 'set', sectionId: null, afterUuid: null });
    store.receive(updates(11, mine));
    expect(placeOf(a)).toBe('set');
    store.settle(a.uuid, aRecord(12, moved(a, 'set'), { client_id: ME }));
    store.receive(updates(12, aRecord(12, moved(a, 'set'), { client_id: ME })));
    expect(placeOf(a)).toBe('set');
    expect(state().columns.map(columnTotal)).toEqual([0, 0, 1]);
  });

  it('moves a card at once and lets a later change of someone else win over its own earlier answer', () => {
    const a = aLead({ name: 'A', position: 0 });
    const b = aLead({ name: 'B', column: 'waiting', position: 100 });
    const c = aLead({ name: 'C', column: 'waiting', position: 200 });
    const { store, placeOf, names } = storeWith([a, b, c]);
    store.moveLocally(a.uuid, { column: 'waiting', sectionId: null, afterUuid: b.uuid });
    expect(names('waiting')).toEqual(['B', 'A', 'C']);
    // Someone moved it to "set" after this tab did (time 12): held while the answer is due.
    store.receive(updates(12, aRecord(12, moved(a, 'set'))));
    expect(placeOf(a)).toBe('waiting');
    store.settle(a.uuid, aRecord(11, moved(a, 'waiting', { position: 150 }), { client_id: ME }));
    expect(placeOf(a)).toBe('set');
  });

  it('queues records while a card is dragged and applies them when it is dropped', () => {
    const a = aLead();
    const b = aLead();
    const { store, placeOf } = storeWith([a, b]);
    store.beginDrag();
    store.receive(updates(11, aRecord(11, moved(b, 'set'))));
    expect(placeOf(b)).toBe('incoming');
    store.moveLocally(a.uuid, { column: 'waiting', sectionId: null, afterUuid: null });
    store.endDrag();
    expect(placeOf(b)).toBe('set');
    expect(placeOf(a)).toBe('waiting');
    expect(store.time).toBe(11);
  });

  it('asks for a reload on reset and on a deleted section, and re-applies newer records after it', () => {
    const a = aLead();
    const { store, reload, placeOf } = storeWith([a]);
    store.receive({ time: 900, updates: [], reset: true });
    expect(reload).toHaveBeenCalledTimes(1);
    store.receive(
      updates(
        11,
        aRecord(11, aSection() as never, {
          type: 'section',
          action: 'delete',
          uuid: aSection().uuid,
          data: { id: 7, reload: true },
        }),
      ),
    );
    expect(reload).toHaveBeenCalledTimes(2);
    // A large import: one record of the "incoming" column that says reload.
    store.receive(
      updates(
        12,
        aRecord(12, a, { type: 'element', uuid: '2-incoming', data: { column: 'incoming', title: '', reload: true } }),
      ),
    );
    expect(reload).toHaveBeenCalledTimes(3);
    store.receive(updates(13, aRecord(13, moved(a, 'set'))));
    // The reload read the board at time 12: the move of time 13 is applied again on top of it.
    store.load(aBoard([a], { time: 12 }));
    expect(placeOf(a)).toBe('set');
    expect(store.time).toBe(13);
  });

  it('archives: takes the card off at once, and the delete record then changes nothing', () => {
    const a = aLead();
    const { store, state, placeOf } = storeWith([a, aLead()]);
    store.removeLocally(a.uuid);
    const del = aRecord(11, a, { action: 'delete', client_id: ME, data: { id: a.id, reason_id: 1 } });
    store.settle(a.uuid, del);
    store.receive(updates(11, del));
    expect(placeOf(a)).toBeNull();
    expect(state().columns[0]?.list.count).toBe(1);
  });

  it('counts cards beyond the loaded page without showing them, and shows new ones among the loaded', () => {
    const loaded = [aLead({ position: 100 }), aLead({ position: 200 })];
    const { store, state, names } = storeWith(loaded, { counts: { incoming: 50 } });
    const fresh = aLead({ name: 'Fresh', position: 0 });
    const far = aLead({ name: 'Far', position: 9_999_999 });
    store.receive(updates(12, aRecord(11, fresh, { action: 'create' }), aRecord(12, far, { action: 'create' })));
    expect(names('incoming')?.[0]).toBe('Fresh');
    expect(names('incoming')).not.toContain('Far');
    expect(state().columns[0]?.list.count).toBe(52);
    // A card not loaded leaves for "set": its old list counts one less.
    const hidden = aLead({ position: 5_000_000, column: 'set' });
    store.receive(
      updates(
        13,
        aRecord(13, hidden, { location: { column: 'set', section: null, old_column: 'incoming', old_section: null } }),
      ),
    );
    expect(state().columns.map((c) => c.list.count)).toEqual([51, 0, 1]);
  });

  it('adds and renames sections and retitles columns from their records', () => {
    const { store, state } = storeWith([]);
    const section = aSection({ title: 'Call back' });
    store.applyOwn(
      aRecord(11, section as never, {
        type: 'section',
        action: 'create',
        uuid: section.uuid,
        data: section,
        client_id: ME,
      }),
    );
    store.receive(
      updates(
        12,
        aRecord(12, section as never, { type: 'section', uuid: section.uuid, data: { ...section, title: 'Monday' } }),
      ),
    );
    store.receive(
      updates(
        13,
        aRecord(13, section as never, {
          type: 'element',
          uuid: '2-set',
          data: { column: 'set', title: 'Trial booked' },
        }),
      ),
    );
    expect(state().columns[1]?.sections.map((s) => s.title)).toEqual(['Monday']);
    expect(state().columns[2]?.title).toBe('Trial booked');
    // The echo of the creation (older than the rename) does not undo it.
    store.receive(
      updates(
        13,
        aRecord(11, section as never, { type: 'section', action: 'create', uuid: section.uuid, data: section }),
      ),
    );
    expect(state().columns[1]?.sections.map((s) => s.title)).toEqual(['Monday']);
  });

  it('appends a page after the loaded cards, leaving out cards shown elsewhere, and learns the end', () => {
    const first = aLead({ position: 1 });
    const elsewhere = aLead({ column: 'set', position: 5 });
    const { store, state, names } = storeWith([first, elsewhere], { counts: { incoming: 300 } });
    const next = aLead({ name: 'Next', position: 2 });
    store.appendPage('incoming', [next, { ...elsewhere, column: 'incoming' }]);
    expect(names('incoming')).toEqual([first.name, 'Next']);
    expect(state().columns[0]?.list.count).toBe(2);
  });
});
