import { type Area, type RoleId, USER_TYPE_AREA, type UserListItem, type UserType } from '@crm/contracts';
import dayjs from 'dayjs';

/** The three kinds of people of spec §2 and where their pages live (menu paths of nav-items, profiles as the spec names them). */
export interface PeopleKind {
  type: UserType;
  area: Area;
  listPath: string;
  /** Students have their own archive page (menu "students-archive"); teachers and staff switch in place. */
  archivePath: string | null;
  profilePath: (id: number) => string;
}

export const PEOPLE_KINDS: Record<UserType, PeopleKind> = {
  student: {
    type: 'student',
    area: USER_TYPE_AREA.student,
    listPath: '/students/list',
    archivePath: '/students/archive',
    profilePath: (id) => `/students/profile/${id}`,
  },
  teacher: {
    type: 'teacher',
    area: USER_TYPE_AREA.teacher,
    listPath: '/teachers/list',
    archivePath: null,
    profilePath: (id) => `/teachers/profile/${id}`,
  },
  staff: {
    type: 'staff',
    area: USER_TYPE_AREA.staff,
    listPath: '/staff/list',
    archivePath: null,
    profilePath: (id) => `/staff/profile/${id}`,
  },
};

export { phoneText } from '../../shared/format/phone';

export const roleIdsOfPerson = (person: Pick<UserListItem, 'roles'>): RoleId[] => person.roles.map((r) => r.id);

/** Initials for the avatar: "Karimov Aziz" → "KA". */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** A date or moment as the lists show it (dd.mm.yyyy); empty for none. */
export const dateText = (value: string | null | undefined) => (value ? dayjs(value).format('DD.MM.YYYY') : '');
