import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';

describe('breadcrumbTrail', () => {
  it('makes one crumb per path segment, linking only to pages that exist', () => {
    const pages = new Set(['/students/list', '/students']);
    expect(breadcrumbTrail('/students/profile/42', pages)).toEqual([
      { segment: 'students', path: '/students', linked: true },
      { segment: 'profile', path: '/students/profile', linked: false },
      { segment: '42', path: '/students/profile/42', linked: false },
    ]);
  });

  it('never links the last crumb, the page itself', () => {
    expect(breadcrumbTrail('/rooms/list', new Set(['/rooms/list']))).toEqual([
      { segment: 'rooms', path: '/rooms', linked: false },
      { segment: 'list', path: '/rooms/list', linked: false },
    ]);
  });
});
