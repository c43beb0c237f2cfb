import { blogPosts } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/**
 * The other company's news post (for everybody, written by its administrator): reading, changing and
 * deleting it read as absent. Its cover address names that company and a key it never stored.
 */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const [post] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(blogPosts)
      .values({
        companyId: foreign.id,
        authorId: foreign.users.admin.id,
        title: 'Foreign news',
        bodyHtml: '<p>Only for its own people.</p>',
      })
      .returning({ id: blogPosts.id }),
  );
  return {
    '/api/v1/blog/:id': {
      params: { id: post!.id },
      bodies: { PUT: { title: 'Hijacked', body_html: '<p>Hijacked</p>', audience: 'all', branch_id: null } },
    },
    '/api/v1/blog/cover/:company_id/:key': { params: { company_id: foreign.id, key: '0'.repeat(32) } },
  };
};
