import { Role } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { aCompany, aSession } from '../../test/session-fixtures';
import {
  areaGuard,
  guardsOpen,
  guestGuard,
  LOGIN_PATH,
  ONBOARDING_PATH,
  STUDENT_HOME,
  sessionGuard,
} from './guard-decisions';

const NO_SESSION = { token: null, user: null, company: null, branch: null, role: null };

describe('sessionGuard', () => {
  it('sends a visitor without token or user to log-in, keeping what is stored', () => {
    expect(sessionGuard(NO_SESSION, '/rooms/list')).toEqual({
      allow: false,
      redirectTo: LOGIN_PATH,
      clearSession: false,
    });
    expect(sessionGuard({ ...aSession([Role.admin]), user: null }, '/rooms/list')).toMatchObject({
      redirectTo: LOGIN_PATH,
      clearSession: false,
    });
  });

  it('clears the session when company, branch or role is missing', () => {
    const complete = aSession([Role.admin]);
    for (const broken of [{ company: null }, { branch: null }, { role: null }]) {
      expect(sessionGuard({ ...complete, ...broken }, '/rooms/list')).toEqual({
        allow: false,
        redirectTo: LOGIN_PATH,
        clearSession: true,
      });
    }
  });

  it('lets a complete session through', () => {
    expect(sessionGuard(aSession([Role.admin]), '/rooms/list')).toEqual({ allow: true });
    expect(sessionGuard(aSession([Role.admin]), '/')).toEqual({ allow: true });
  });

  it('sends a student on the default route to his profile (spec §6)', () => {
    expect(STUDENT_HOME).toBe('/user/profile');
    expect(sessionGuard(aSession([Role.student]), '/')).toMatchObject({ redirectTo: '/user/profile' });
    expect(sessionGuard(aSession([Role.student]), '/dashboard')).toMatchObject({ redirectTo: '/user/profile' });
    expect(sessionGuard(aSession([Role.student]), '/user/profile')).toEqual({ allow: true });
  });

  it("sends a parent on the default route and after log-in to his children's page (issue 24)", () => {
    expect(sessionGuard(aSession([Role.parent]), '/')).toMatchObject({ redirectTo: '/parent' });
    expect(sessionGuard(aSession([Role.parent]), '/dashboard')).toMatchObject({ redirectTo: '/parent' });
    expect(sessionGuard(aSession([Role.parent]), '/parent')).toEqual({ allow: true });
    expect(guestGuard(aSession([Role.parent]))).toMatchObject({ redirectTo: '/parent' });
    expect(areaGuard('user', aSession([Role.parent]))).toMatchObject({ redirectTo: '/parent' });
  });

  it('sends a CEO of a company without logo that is not onboarded to onboarding', () => {
    const fresh = aCompany({ logo: null }, { onboarded: false });
    expect(sessionGuard(aSession([Role.ceo], fresh), '/')).toMatchObject({ redirectTo: ONBOARDING_PATH });
    expect(sessionGuard(aSession([Role.ceo], aCompany({ logo: null })), '/')).toEqual({ allow: true });
    expect(sessionGuard(aSession([Role.ceo], aCompany({}, { onboarded: false })), '/')).toEqual({ allow: true });
    expect(sessionGuard(aSession([Role.admin], fresh), '/')).toEqual({ allow: true });
  });
});

describe('guestGuard', () => {
  it('lets a visitor see the log-in page', () => {
    expect(guestGuard(NO_SESSION)).toEqual({ allow: true });
  });

  it("sends a signed-in user to his role's home", () => {
    expect(guestGuard(aSession([Role.admin]))).toMatchObject({ redirectTo: '/dashboard' });
    expect(guestGuard(aSession([Role.cashier]))).toMatchObject({ redirectTo: '/user/profile' });
  });
});

describe('areaGuard', () => {
  it('follows the guard table of spec §6', () => {
    expect(areaGuard('rooms', aSession([Role.admin]))).toEqual({ allow: true });
    expect(areaGuard('finance', aSession([Role.cashier]))).toEqual({ allow: true });
    expect(areaGuard('staff', aSession([Role.ceo]))).toEqual({ allow: true });
  });

  it("redirects a refused user to his role's home", () => {
    expect(areaGuard('rooms', aSession([Role.teacher]))).toMatchObject({ redirectTo: '/dashboard' });
    expect(areaGuard('rooms', aSession([Role.student]))).toMatchObject({ redirectTo: '/user/profile' });
    expect(areaGuard('staff', aSession([Role.admin]))).toMatchObject({ redirectTo: '/dashboard' });
    expect(areaGuard('finance', aSession([Role.marketer]))).toMatchObject({ redirectTo: '/user/profile' });
  });

  it('lets any of several roles open the area', () => {
    expect(areaGuard('finance', aSession([Role.admin, Role.cashier]))).toEqual({ allow: true });
  });
});

describe('guardsOpen', () => {
  it('says no where a guard would redirect, so nothing of the page is fetched ahead', () => {
    for (const role of [Role.cashier, Role.teacher, Role.student])
      expect(guardsOpen('leads', aSession([role]), '/leads')).toBe(false);
    expect(guardsOpen('leads', aSession([Role.admin]), '/leads')).toBe(true);
    expect(guardsOpen('dashboard', aSession([Role.student]), '/dashboard')).toBe(false);
    expect(guardsOpen('dashboard', NO_SESSION, '/dashboard')).toBe(false);
  });
});
