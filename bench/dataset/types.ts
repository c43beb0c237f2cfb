/** What the dataset's parts hand each other, and what the scenarios get. */

/** A group's schedule, as the lesson calendar needs it. */
export interface GroupPlan {
  companyId: number;
  id: number;
  branchId: number;
  teacherId: number;
  days: number[];
  startDate: string;
  startTime: string;
  endTime: string;
  /** The company's holidays (the calendar skips them). */
  holidays: ReadonlyMap<string, string>;
}

/** A student's place in a group. */
export interface Place {
  companyId: number;
  branchId: number;
  groupId: number;
  studentId: number;
  /** The day he joined (group_students.created_date). */
  joined: string;
}

/** One timed step of the load. */
export interface LoadStep {
  part: string;
  rows: number;
  seconds: number;
}

export interface Dataset {
  /**
   * Which app a scenario runs against when a baseline runs first on the same database ('before'); absent for
   * this checkout. Writes that carry a key of their own (a payment's Idempotency-Key) include it, so the second
   * run makes payments rather than replaying the first run's answers.
   */
  runTag?: 'before';
  seed: number;
  scale: number;
  today: string;
  /** The instant the app under test believes it is. */
  clock: Date;
  lastMonth: { from: string; till: string };
  company: { id: number; subdomain: string; ownerId: number };
  /** Log-in phones of the role users (password demo1234), each working in every branch (the parent: in none). */
  phones: { admin: string; cashier: string; marketer: string; ceo: string; parent: string };
  /** The log-in parent (issue 24) and his children, each in another group. */
  parent: { id: number; childIds: number[] };
  /** Teachers who can log in (the log-in scenario takes turns among them). */
  teacherPhones: string[];
  branchIds: number[];
  courseIds: number[];
  groups: GroupPlan[];
  places: Place[];
  /** Places whose group has a held lesson today (the mark-attendance scenario marks them). */
  todayPlaces: Place[];
  /** Per branch, the uuids of the leads on its board. */
  boards: { branchId: number; uuids: string[] }[];
  /** A second company of 100,000 students in groups for the billing run (BENCH_BILLING_100K=1). */
  billingCompanyId: number | null;
  /** Row counts of the whole database, by table. */
  rows: Record<string, number>;
  steps: LoadStep[];
  loadSeconds: number;
}

/** Times one part of the load and records it (rows: how many rows it wrote). */
export type Step = <T>(part: string, work: () => Promise<T>, rows?: (result: T) => number) => Promise<T>;
