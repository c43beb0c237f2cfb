import { describe, expect, it } from 'vitest';
import { aBoard, aLead, aSection } from '../leads-fixtures';
import { boardStateOf } from './board-lists';
import { dropTarget } from './drop-target';

const a = aLead({ position: 1 });
const b = aLead({ position: 2 });
const c = aLead({ position: 3 });
const w = aLead({ column: 'waiting', position: 1 });
const section = aSection({ id: 7, column: 'waiting' });
const state = boardStateOf(aBoard([a, b, c, w], { sections: [section] }));

describe('dropTarget', () => {
  it('puts a card moved down its list after the card it is dropped on, and moved up before it', () => {
    expect(dropTarget(state, a.uuid, { kind: 'card', uuid: c.uuid })).toEqual({
      column: 'incoming',
      sectionId: null,
      afterUuid: c.uuid,
    });
    expect(dropTarget(state, c.uuid, { kind: 'card', uuid: b.uuid })).toEqual({
      column: 'incoming',
      sectionId: null,
      afterUuid: a.uuid,
    });
    expect(dropTarget(state, c.uuid, { kind: 'card', uuid: a.uuid })?.afterUuid).toBeNull();
  });

  it('puts a card dropped on a card of another list before it, and on a list at its top', () => {
    expect(dropTarget(state, b.uuid, { kind: 'card', uuid: w.uuid })).toEqual({
      column: 'waiting',
      sectionId: null,
      afterUuid: null,
    });
    expect(dropTarget(state, b.uuid, { kind: 'list', key: 'waiting:7' })).toEqual({
      column: 'waiting',
      sectionId: 7,
      afterUuid: null,
    });
  });

  it('says nothing changes when a card is dropped on itself or on the top of its own list', () => {
    expect(dropTarget(state, b.uuid, { kind: 'card', uuid: b.uuid })).toBeNull();
    expect(dropTarget(state, a.uuid, { kind: 'list', key: 'incoming' })).toBeNull();
  });
});
