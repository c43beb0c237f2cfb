import { phoneDigitCount, Role } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { findCompanyPublic } from '../modules/company/service.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany } from './factories.js';
import { createTeacher, insertPeople, type PersonSpec } from './users-factories.js';

/**
 * Demo people: 8 teachers and about 400 students with believable Uzbek names,
 * phones and birthdays over the company's branches. Deterministic (a seeded
 * generator), written with multi-row inserts.
 */

const MALE = [
  'Aziz',
  'Bekzod',
  'Jasur',
  'Sardor',
  'Otabek',
  'Shoxrux',
  'Diyor',
  'Javohir',
  'Sanjar',
  'Ulugʻbek',
  'Abdulloh',
  'Muhammad',
  'Islom',
  'Temur',
  'Doston',
  'Sherzod',
  'Jamshid',
  'Farrux',
  'Behruz',
  'Akmal',
];
const FEMALE = [
  'Madina',
  'Malika',
  'Dilnoza',
  'Shahnoza',
  'Nilufar',
  'Sevara',
  'Zarina',
  'Gulnora',
  'Kamola',
  'Munisa',
  'Sarvinoz',
  'Mohinur',
  'Oydin',
  'Dilfuza',
  'Nodira',
  'Feruza',
  'Maftuna',
  'Shaxzoda',
  'Laylo',
  'Robiya',
];
/** Surnames in their male form; the female form adds -a (Karimov → Karimova). */
const SURNAMES = [
  'Karimov',
  'Rashidov',
  'Toshmatov',
  'Yusupov',
  'Aliyev',
  'Qodirov',
  'Nurmatov',
  'Saidov',
  'Ergashev',
  'Valiyev',
  'Rahimov',
  'Abdullayev',
  'Xolmatov',
  'Ismoilov',
  'Usmonov',
  'Mirzayev',
  'Sobirov',
  'Jurayev',
  'Nazarov',
  'Hasanov',
];
const UZ_CODES = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88'];
const COMMENTS = ['Keldi: Instagram', 'Tanishi tavsiya qildi', 'Kechki guruhni soʻradi', null, null, null];

/** mulberry32: small, fast, and the same numbers on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { int, pick };
}

type Random = ReturnType<typeof generator>;

function personName(random: Random, gender: 'm' | 'f') {
  const surname = random.pick(SURNAMES);
  const first = random.pick(gender === 'm' ? MALE : FEMALE);
  return `${gender === 'm' ? surname : `${surname}a`} ${first}`;
}

/** Unique national numbers of the company country's length (uz 9 digits, kz 10 …). */
function phoneMaker(random: Random, digits: number, used: Set<string>) {
  return () => {
    for (;;) {
      const head = digits === 10 ? `70${random.int(8)}` : random.pick(UZ_CODES);
      let phone = head;
      while (phone.length < digits) phone += String(random.int(10));
      // 9000000NN are the demo log-ins of each role.
      if (!used.has(phone) && !phone.startsWith('9000000')) {
        used.add(phone);
        return phone;
      }
    }
  };
}

const isoDate = (year: number, dayOfYear: number) =>
  new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);

export interface UsersDemo {
  teacherIds: number[];
  studentIds: number[];
}

export async function seedUsersDemo(db: Db, company: CreatedCompany, students = 400): Promise<UsersDemo> {
  const info = await inCompany(db, company.id, (tx) => findCompanyPublic(tx, company.id));
  const kindergarten = info.company_type === 'kindergarten';
  const random = generator(company.id * 7919 + 17);
  const nextPhone = phoneMaker(random, phoneDigitCount(info.country), new Set());
  const branches = company.branchIds;

  const teacherIds: number[] = [];
  for (let i = 0; i < 8; i++) {
    const gender = i % 3 === 0 ? 'm' : 'f';
    // Teachers are spread over the branches; the first also works in the second branch.
    const home = branches[i % branches.length] as number;
    const branchIds = i === 0 ? [...branches] : [home];
    teacherIds.push(
      await createTeacher(db, company.id, {
        name: personName(random, gender),
        phone: nextPhone(),
        branchIds,
        gender,
        birthday: isoDate(1975 + random.int(25), random.int(365)),
      }),
    );
  }

  const thisYear = new Date().getUTCFullYear();
  const specs: PersonSpec[] = Array.from({ length: students }, (_, i) => {
    const gender = random.int(2) === 0 ? 'm' : 'f';
    const name = personName(random, gender);
    const age = kindergarten ? 3 + random.int(4) : 8 + random.int(22);
    const parentGender = random.int(2) === 0 ? 'm' : 'f';
    const withParent = kindergarten || age < 18;
    return {
      name,
      phone: nextPhone(),
      // Most students study in one branch; a few in both.
      branchIds: i % 25 === 0 ? [...branches] : [branches[i % branches.length] as number],
      gender,
      birthday: isoDate(thisYear - age, random.int(365)),
      parentName: withParent
        ? `${name.split(' ')[0]?.replace(/a$/, '')}${parentGender === 'f' ? 'a' : ''} ${random.pick(parentGender === 'm' ? MALE : FEMALE)}`
        : null,
      parentPhone: withParent ? nextPhone() : null,
      comment: random.pick(COMMENTS),
    };
  });
  const studentIds = await insertPeople(db, company.id, [Role.student], specs);
  return { teacherIds, studentIds };
}
