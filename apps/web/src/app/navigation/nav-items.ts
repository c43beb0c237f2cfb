import type { Area, Country } from '@crm/contracts';

/** What of the company decides whether an item shows (spec §2 "Menus by role"). */
export interface MenuContext {
  gamification: boolean;
  scoring: boolean;
  country: Country;
  /** GET /licence policies.billing_visible: false on a white-label host, where the centre does not see billing. */
  billing: boolean;
}

export interface NavLeaf {
  /** Also the translation key `nav.<label ?? key>`. */
  key: string;
  label?: string;
  path: string;
  hash?: string;
  /** The guard area of spec §6 (contracts ACCESS) that the route and the item share. */
  area: Area;
  when?: (context: MenuContext) => boolean;
  /** Shown only in the role menus that name it (see ROLE_MENUS). */
  exclusive?: true;
}

export interface NavSection {
  key: string;
  children: readonly NavLeaf[];
}

export type NavEntry = NavLeaf | NavSection;

export const isSection = (entry: NavEntry): entry is NavSection => 'children' in entry;

const withGamification = (context: MenuContext) => context.gamification;

const FINANCE_PAGES = [
  'payments',
  'withdraw',
  'cost',
  'expense-categories',
  'salaries',
  'new-salaries',
  'payments-groups',
  'payments-courses',
];

/** Spec §2 menu names of the reports, with the page each opens under /reports. */
const REPORT_PAGES: Record<string, string> = {
  'reports-conversion': 'conversion',
  'reports-attendance': 'attendance',
  'reports-leads': 'leads',
  'left-students-report': 'left-students',
  'reports-workly': 'workly',
  'reports-skip-classes': 'skip-classes',
  'reports-reachbility': 'reachbility',
  'reports-active-students': 'active-students',
  'reports-list-clients': 'list-clients',
  'reports-performance': 'performance',
  'reports-discounts': 'discounts',
};

/**
 * A report that opens a page of a narrower area: the left-students report is the left-students page, which
 * spec §6 gives to the administrators only, so a branch director is not offered a link he would be refused.
 */
const REPORT_AREAS: Partial<Record<string, Area>> = { 'left-students-report': 'leftStudents' };

/** The one menu definition: every route of the shell appears here with its area. */
export const NAV: readonly NavEntry[] = [
  { key: 'dashboard', path: '/dashboard', area: 'dashboard' },
  { key: 'leads', path: '/leads', area: 'leads' },
  // Spec §2: the limited administrator's grade entry, third in his menu, with the scoring module on.
  {
    key: 'settings-grade-shortcut',
    label: 'settings-grade',
    path: '/settings-grade',
    area: 'gradeSettings',
    exclusive: true,
    when: (context) => context.scoring,
  },
  { key: 'students', path: '/students/list', area: 'students' },
  { key: 'teachers', path: '/teachers/list', area: 'teachers' },
  { key: 'groups', path: '/groups/list', area: 'groupList' },
  // Spec §2: "For country id a courses item is added" to the main menu.
  {
    key: 'courses-shortcut',
    label: 'courses',
    path: '/courses/list',
    area: 'courses',
    when: (context) => context.country === 'id',
  },
  { key: 'course-lessons', path: '/courses/lessons', area: 'groupPage', exclusive: true },
  // Issue 17: the student pays his fee online (his own account's area; the student's menu only).
  { key: 'pay-online', path: '/payments/online', area: 'user', exclusive: true },
  // Issue 21: the student's own shop (his coins, the products, his orders), with gamification on.
  { key: 'shop', path: '/shop', area: 'shop', exclusive: true, when: withGamification },
  // Issue 24: the parent's own screens, his menu only (owner and CEO pass every area but have no children).
  { key: 'parent', path: '/parent', area: 'parent', exclusive: true },
  { key: 'parent-news', label: 'news', path: '/parent/news', area: 'parent', exclusive: true },
  // Spec §2: "user hash #2 is salary".
  { key: 'salary', path: '/user/profile', hash: '2', area: 'user', exclusive: true },
  { key: 'rooms', path: '/rooms/list', area: 'rooms' },
  { key: 'reminders', path: '/reminders', area: 'reminders' },
  { key: 'rating', path: '/rating', area: 'rating', when: (context) => context.scoring },
  { key: 'forms', path: '/form/list', area: 'forms' },
  {
    key: 'finance',
    children: [
      ...FINANCE_PAGES.map((key): NavLeaf => ({ key, path: `/finance/${key}`, area: 'finance' })),
      { key: 'debtors', path: '/students/debtors', area: 'students' },
    ],
  },
  {
    key: 'reports',
    children: [
      ...Object.entries(REPORT_PAGES).map(
        ([key, page]): NavLeaf => ({ key, path: `/reports/${page}`, area: REPORT_AREAS[key] ?? 'reports' }),
      ),
    ],
  },
  {
    key: 'messages',
    children: [
      { key: 'sms', path: '/sms', area: 'sms' },
      { key: 'auto-sms', path: '/auto-sms', area: 'autoSms' },
      { key: 'call', path: '/call', area: 'call' },
    ],
  },
  {
    key: 'gamification',
    children: [
      { key: 'orders', path: '/gamification/orders', area: 'gamification', when: withGamification },
      { key: 'shop-panel', path: '/gamification/shop-panel', area: 'gamification', when: withGamification },
    ],
  },
  {
    key: 'management',
    children: [
      { key: 'courses', path: '/courses/list', area: 'courses' },
      { key: 'holiday', path: '/holiday', area: 'holiday' },
      { key: 'students-archive', path: '/students/archive', area: 'students' },
      { key: 'left-students', path: '/left-students', area: 'leftStudents' },
      { key: 'archive-list', path: '/archive/list/all', area: 'archive' },
      { key: 'archive-reasons', path: '/archive_reasons/list', area: 'archiveReasons' },
      { key: 'lead-reasons', path: '/lead-reasons', area: 'leadReasons' },
      { key: 'tags', path: '/tags', area: 'tags' },
      { key: 'news-blog', path: '/blog/news', area: 'groupPage' },
      { key: 'staff', path: '/staff/list', area: 'staff' },
      { key: 'performance-teachers', path: '/performance_teachers/list', area: 'performance' },
      { key: 'performance-courses', path: '/performance_courses/list', area: 'performance' },
      { key: 'roadmap', path: '/roadmap', area: 'roadmap' },
      { key: 'settings-grade', path: '/settings-grade', area: 'gradeSettings' },
      { key: 'report', path: '/report', area: 'report' },
      { key: 'history', path: '/history', area: 'history' },
      { key: 'settings', path: '/settings', area: 'settings' },
      { key: 'billing', path: '/billing', area: 'billing', when: (context) => context.billing },
      // Spec §2 admin: new-company opens a branch, edit-company lists, edits and archives them.
      { key: 'edit-company', path: '/admin/edit-company', area: 'admin' },
      { key: 'new-company', path: '/admin/new-company', area: 'admin' },
      { key: 'voip', path: '/admin/voip', area: 'admin' },
    ],
  },
];

export const navLeaves = (entries: readonly NavEntry[] = NAV): NavLeaf[] =>
  entries.flatMap((entry) => (isSection(entry) ? entry.children : [entry]));

export const labelKeyOf = (leaf: NavLeaf): string => `nav.${leaf.label ?? leaf.key}`;

/** Each path of the menu once, with its guard area: the shell's routes. */
export function navRoutes(): { path: string; area: Area }[] {
  const byPath = new Map<string, Area>();
  for (const leaf of navLeaves()) if (!byPath.has(leaf.path)) byPath.set(leaf.path, leaf.area);
  return [...byPath].map(([path, area]) => ({ path, area }));
}
