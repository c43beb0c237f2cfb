import { blogRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { newsPublished } from '../telegram-bot/notice-events.js';
import { blogCoverRoutes } from './cover-routes.js';
import { BlogCovers } from './covers.js';
import { createPost, deletePost, updatePost } from './post-writes.js';
import { listPosts, openPost } from './posts.js';

const ok = { ok: true as const };

/** Issue 20: the company's news blog (spec §2 blog/news, §7 /blog/). */
export default async function blogModule(app: FastifyInstance) {
  const covers = new BlogCovers(app.files);
  const r = blogRoutes;
  registerRoute(app, r.list, (req, { query }) => req.tenant((tx, actor) => listPosts(tx, actor, query)));
  registerRoute(app, r.create, async (req, { body }) => {
    const post = await req.tenant((tx, actor) => createPost(tx, actor, covers, body));
    await newsPublished(req, post);
    return post;
  });
  registerRoute(app, r.post, (req, { params }) => req.tenant((tx, actor) => openPost(tx, actor, params.id)));
  registerRoute(app, r.update, async (req, { params, body }) => {
    const { post, released } = await req.tenant((tx, actor) => updatePost(tx, actor, covers, params.id, body));
    await covers.release(req.claims!.companyId, [released]);
    return post;
  });
  registerRoute(app, r.remove, async (req, { params }) => {
    const { released } = await req.tenant((tx, actor) => deletePost(tx, actor, params.id));
    await covers.release(req.claims!.companyId, [released]);
    return ok;
  });
  await app.register(blogCoverRoutes(covers));
}
