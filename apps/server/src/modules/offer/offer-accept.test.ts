import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { openOfferWorld } from './test-world.js';

const { app, database } = await openTestApp();
let w: Awaited<ReturnType<typeof openOfferWorld>>;

beforeAll(async () => {
  w = await openOfferWorld(app, database);
  await w.publish({ uz: 'Oferta matni', ru: 'Текст оферты' });
});

describe('PUT /user/{id}/offer by the student himself', () => {
  it('refuses a version that is not the one in force (409) and a language the offer is not written in', async () => {
    const outdated = await w.accept(w.student, 2, w.tokens.student);
    expect(outdated.status).toBe(409);
    expect(outdated.body.error.code).toBe('offer_version_outdated');
    const language = await w.accept(w.student, 1, w.tokens.student, 'en');
    expect(language.status).toBe(400);
    expect(language.body.error.details[0]).toMatchObject({ field: 'language', rule: 'invalid_value' });
    expect(await w.events('offerAccepted')).toEqual([]);
  });

  it('records the acceptance once: a second one answers the same state and writes nothing', async () => {
    const first = await w.accept(w.student, 1, w.tokens.student, 'ru');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_version: 1, accepted_version: 1, signed: true });
    expect(first.body.accepted_at).toEqual(expect.any(String));
    const again = await w.accept(w.student, 1, w.tokens.student, 'uz');
    expect(again.body).toEqual(first.body);
    const accepted = await w.events('offerAccepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      entity: 'user',
      entity_id: w.student,
      data: { version: 1, student_name: 'Ali Valiyev' },
    });
  });

  it('shows the state in his own GET /offer, the student list and the profile', async () => {
    expect((await w.api('GET', '/offer', w.tokens.student)).body.state.signed).toBe(true);
    const listed = await w.listed();
    expect(listed['Ali Valiyev']).toBe(true);
    expect(listed['Nodir North']).toBe(false);
    expect((await w.api('GET', `/user/${w.student}`, w.tokens.admin)).body.offer_signed).toBe(true);
    // Only students carry the state: a teacher's profile and the teachers' list do not.
    const teacher = await w.api('GET', `/user/${w.company.users.teacher.id}`, w.tokens.owner);
    expect(teacher.body).not.toHaveProperty('offer_signed');
    const teachers = await w.api('GET', '/user?user_type=teacher', w.tokens.owner);
    expect(teachers.body.data[0]).not.toHaveProperty('offer_signed');
  });

  it('refuses a student accepting for another student, and staff accepting for themselves (403)', async () => {
    expect((await w.accept(w.northStudent, 1, w.tokens.student)).status).toBe(403);
    expect((await w.accept(w.company.users.admin.id, 1, w.tokens.admin)).status).toBe(403);
  });
});

describe('PUT /user/{id}/offer recorded by staff (a paper signature)', () => {
  it('refuses roles outside the students area: a teacher (403)', async () => {
    const res = await w.accept(w.northStudent, 1, w.tokens.teacher);
    expect(res.status).toBe(403);
  });

  it("refuses a student of another branch: he is out of the administrator's reach (404)", async () => {
    const res = await w.accept(w.northStudent, 1, w.tokens.mainAdmin);
    expect(res.status).toBe(404);
    expect((await w.listed())['Nodir North']).toBe(false);
  });

  it('refuses a user who is not a student (404)', async () => {
    expect((await w.accept(w.company.users.teacher.id, 1, w.tokens.director)).status).toBe(404);
  });

  it("answers 404 for another company's student", async () => {
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Other Co',
      subdomain: uniqueSubdomain('offer-other'),
      branches: ['Elsewhere'],
    });
    const res = await w.accept(other.users.student.id, 1, w.tokens.owner);
    expect(res.status).toBe(404);
    // Nor may the other company's own staff see this company's offer state.
    const theirs = await loginAs(app, other.subdomain, '900000008');
    const offer = await app.inject({
      method: 'GET',
      url: '/api/v1/offer',
      headers: { host: `${other.subdomain}.localhost`, authorization: `Bearer ${theirs}` },
    });
    expect(JSON.parse(offer.body).current).toBeNull();
  });

  it('the director of his branch records it, under the director’s name, for the student', async () => {
    const res = await w.accept(w.northStudent, 1, w.tokens.director);
    expect(res.status).toBe(200);
    expect(res.body.signed).toBe(true);
    expect((await w.listed())['Nodir North']).toBe(true);
    const accepted = await w.events('offerAccepted');
    expect(accepted.at(-1)).toMatchObject({ entity_id: w.northStudent, data: { student_name: 'Nodir North' } });
  });

  it('a new version makes everyone unsigned again, and the old version is refused', async () => {
    await w.publish({ uz: 'Yangi oferta' });
    const listed = await w.listed();
    expect([listed['Ali Valiyev'], listed['Nodir North']]).toEqual([false, false]);
    const old = await w.accept(w.student, 1, w.tokens.student);
    expect(old.status).toBe(409);
    expect(old.body.error).toMatchObject({ code: 'offer_version_outdated', details: { current_version: 2 } });
    expect((await w.accept(w.student, 2, w.tokens.student)).body).toMatchObject({ accepted_version: 2, signed: true });
  });
});
