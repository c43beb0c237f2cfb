import { OFFER_TEXT_MAX } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { openOfferWorld } from './test-world.js';

const { app, database } = await openTestApp();
let w: Awaited<ReturnType<typeof openOfferWorld>>;

beforeAll(async () => {
  w = await openOfferWorld(app, database);
});

describe('before any offer is published', () => {
  it('GET /offer answers no version, nobody signed, and what the caller may do', async () => {
    const student = await w.api('GET', '/offer', w.tokens.student);
    expect(student.status).toBe(200);
    expect(student.body).toEqual({
      current: null,
      state: { current_version: null, accepted_version: null, accepted_at: null, signed: false },
      policies: { can_publish: false, can_accept: true },
    });
    const director = await w.api('GET', '/offer', w.tokens.director);
    expect(director.body.policies).toEqual({ can_publish: true, can_accept: false });
  });

  it('the student list and profile show no state (null), and accepting is refused', async () => {
    expect((await w.listed())['Ali Valiyev']).toBeNull();
    expect((await w.api('GET', `/user/${w.student}`, w.tokens.owner)).body.offer_signed).toBeNull();
    const res = await w.accept(w.student, 1, w.tokens.student);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('offer_not_published');
  });
});

describe('POST /offer', () => {
  it('is refused to roles outside the settings area (403)', async () => {
    for (const token of [w.tokens.admin, w.tokens.teacher, w.tokens.student]) {
      const res = await w.publish({ uz: 'Shartnoma' }, token);
      expect(res.status).toBe(403);
    }
    expect((await w.api('GET', '/offer/versions', w.tokens.admin)).status).toBe(403);
  });

  it('refuses an offer without any text and a text over the limit (400)', async () => {
    const empty = await w.publish({ uz: '  ', ru: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_failed');
    expect((await w.publish({ ru: 'я'.repeat(OFFER_TEXT_MAX + 1) })).status).toBe(400);
    expect((await w.api('GET', '/offer/versions', w.tokens.director)).body.data).toEqual([]);
  });

  it('publishes version 1 in the languages written, and records who did', async () => {
    const res = await w.publish({ uz: ' Ommaviy oferta\n\n1. Shartlar ', ru: 'Публичная оферта', en: '' });
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({
      version: 1,
      texts: { uz: 'Ommaviy oferta\n\n1. Shartlar', ru: 'Публичная оферта' },
    });
    expect(Object.keys(res.body.current.texts)).toEqual(['uz', 'ru']);
    const [published] = await w.events('offerPublished');
    expect(published).toMatchObject({ entity: 'company', entity_id: w.company.id, data: { version: 1 } });
  });

  it('shows the student the text in force, not yet signed', async () => {
    const res = await w.api('GET', '/offer', w.tokens.student);
    expect(res.body.current.texts.ru).toBe('Публичная оферта');
    expect(res.body.state).toEqual({ current_version: 1, accepted_version: null, accepted_at: null, signed: false });
    expect((await w.listed())['Ali Valiyev']).toBe(false);
  });

  it('a new version gets the next number, and the history lists both with their acceptances', async () => {
    expect((await w.accept(w.student, 1, w.tokens.student)).body.signed).toBe(true);
    const res = await w.publish({ en: 'Public offer, second edition' });
    expect(res.body.current.version).toBe(2);
    const versions = await w.api('GET', '/offer/versions', w.tokens.director);
    expect(versions.body.data).toMatchObject([
      { version: 2, languages: ['en'], acceptances: 0, published_by: { name: 'Jasur Toshmatov' } },
      { version: 1, languages: ['uz', 'ru'], acceptances: 1 },
    ]);
    const old = await w.api('GET', '/offer/versions/1', w.tokens.director);
    expect(old.body).toMatchObject({ version: 1, acceptances: 1, texts: { ru: 'Публичная оферта' } });
    expect((await w.api('GET', '/offer/versions/9', w.tokens.director)).status).toBe(404);
    expect((await w.events('offerPublished')).map((e) => e.data.version)).toEqual([1, 2]);
  });

  it('asks everyone again: the student who accepted version 1 is no longer signed', async () => {
    const mine = await w.api('GET', '/offer', w.tokens.student);
    expect(mine.body.state).toMatchObject({ current_version: 2, accepted_version: 1, signed: false });
    expect((await w.listed())['Ali Valiyev']).toBe(false);
    expect((await w.api('GET', `/user/${w.student}`, w.tokens.owner)).body.offer_signed).toBe(false);
  });
});
