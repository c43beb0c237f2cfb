import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { userComments } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { assertMayRead, findTarget } from './queries.js';

/** GET /userComments?user_id: the notes on a profile, newest first. */
export async function listComments(tx: Tx, actor: Actor, userId: number) {
  assertMayRead(actor, await findTarget(tx, actor, userId, false));
  const rows = await selectRows<{
    id: number;
    user_id: number;
    text: string;
    author_id: number | null;
    author_name: string | null;
    created_at: Date | string;
  }>(
    tx,
    sql`select c.id::int as id, c.user_id::int as user_id, c.text, c.author_id::int as author_id, a.name as author_name, c.created_at
      from user_comments c left join users a on a.company_id = c.company_id and a.id = c.author_id
      where c.company_id = ${actor.companyId} and c.user_id = ${userId}
      order by c.created_at desc, c.id desc limit 500`,
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      text: r.text,
      author: r.author_id ? { id: r.author_id, name: r.author_name ?? '' } : null,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function addComment(tx: Tx, actor: Actor, input: { user_id: number; text: string }) {
  const target = await findTarget(tx, actor, input.user_id, false);
  assertMayRead(actor, target);
  const [row] = await tx
    .insert(userComments)
    .values({ companyId: actor.companyId, userId: target.id, authorId: actor.id, text: input.text })
    .returning({ id: userComments.id, createdAt: userComments.createdAt });
  if (!row) throw new Error('comment insert returned no row');
  await recordHistory(tx, actor, {
    event: 'userCommentAdded',
    entity: 'user',
    entityId: target.id,
    branchId: target.mainBranchId,
    data: { name: target.name, text: input.text },
  });
  return {
    id: row.id,
    user_id: target.id,
    text: input.text,
    author: { id: actor.id, name: actor.name },
    created_at: row.createdAt.toISOString(),
  };
}
