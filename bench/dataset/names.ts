/** Believable Uzbek names, so name searches hit the share of rows they would in a real centre. */

const FIRST = [
  'Ali',
  'Aziz',
  'Bobur',
  'Dilnoza',
  'Farrux',
  'Gulnora',
  'Jasur',
  'Kamola',
  'Laylo',
  'Madina',
  'Nodir',
  'Otabek',
  'Rustam',
  'Sardor',
  'Shahzod',
  'Zarina',
];
const LAST = [
  'Karimov',
  'Aliyev',
  'Rashidov',
  'Toshmatov',
  'Yusupov',
  'Ergashev',
  'Qodirov',
  'Nurmatov',
  'Saidov',
  'Valiyev',
  'Usmonov',
  'Mirzayev',
];

/** Fragments typed into a search box: each matches a few percent of the people. */
export const NAME_FRAGMENTS = ['kar', 'ali', 'ova', 'jas', 'mad', 'rash', 'zar', 'nod', 'sai', 'usm'];

const pick = <T>(list: readonly T[], rnd: () => number) => list[Math.floor(rnd() * list.length)] as T;

/** "Karimova Madina": the surname takes -a for a woman's name, as it does in Uzbek. */
export function personName(rnd: () => number): string {
  const first = pick(FIRST, rnd);
  return `${pick(LAST, rnd)}${first.endsWith('a') ? 'a' : ''} ${first}`;
}

export const birthdayOf = (rnd: () => number) =>
  `20${String(5 + Math.floor(rnd() * 12)).padStart(2, '0')}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`;
