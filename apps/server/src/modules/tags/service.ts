import { type Area, canAccess, type Tag, type TagCreate, TagType, type TagUpdate } from '@crm/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupTags, leadTags, reminderTags, tags, userTags } from '../../db/schema/index.js';
import { type Actor, assertArea } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** Who works with what a tag of each type labels (spec §3 Tag "from"), and so may read such tags. */
export const TAG_TYPE_AREA: Record<number, Area> = {
  [TagType.student]: 'students',
  [TagType.group]: 'groupList',
  [TagType.lead]: 'leads',
  [TagType.task]: 'reminders',
};

const usageCount = sql<number>`(
  (select count(*) from ${userTags} where ${userTags.companyId} = ${tags.companyId} and ${userTags.tagId} = ${tags.id})
  + (select count(*) from ${groupTags} where ${groupTags.companyId} = ${tags.companyId} and ${groupTags.tagId} = ${tags.id})
  + (select count(*) from ${leadTags} where ${leadTags.companyId} = ${tags.companyId} and ${leadTags.tagId} = ${tags.id})
  + (select count(*) from ${reminderTags} where ${reminderTags.companyId} = ${tags.companyId} and ${reminderTags.tagId} = ${tags.id})
)::int`;
const tagColumns = { id: tags.id, name: tags.name, type: tags.type, color: tags.color, usage_count: usageCount };
const ofCompany = (actor: Actor, id: number) => and(eq(tags.companyId, actor.companyId), eq(tags.id, id));

/** The tag types the caller may read: all with the tags area, else those of the areas he works in. */
function readableTypes(actor: Actor, type: number | undefined): number[] {
  if (canAccess('tags', actor.roles)) return type === undefined ? Object.values(TagType) : [type];
  if (type !== undefined) {
    assertArea(actor, TAG_TYPE_AREA[type]!);
    return [type];
  }
  return Object.values(TagType).filter((t) => canAccess(TAG_TYPE_AREA[t]!, actor.roles));
}

export async function listTags(tx: Tx, actor: Actor, type: number | undefined): Promise<Tag[]> {
  return tx
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, actor.companyId), inArray(tags.type, readableTypes(actor, type))))
    .orderBy(asc(tags.type), asc(tags.name), asc(tags.id));
}

/** Names are unique within a type, ignoring case: "VIP" and "vip" would be one tag to a reader. */
async function assertNameFree(tx: Tx, actor: Actor, type: number, name: string, exceptId?: number) {
  const filters: SQL[] = [
    eq(tags.companyId, actor.companyId),
    eq(tags.type, type),
    sql`lower(${tags.name}) = lower(${name})`,
  ];
  if (exceptId !== undefined) filters.push(ne(tags.id, exceptId));
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(...filters));
  if (taken) throw new AppError(409, 'tag_exists', { field: 'name', id: taken.id });
}

async function findTag(tx: Tx, actor: Actor, id: number): Promise<Tag> {
  const [tag] = await tx.select(tagColumns).from(tags).where(ofCompany(actor, id)).for('update');
  if (!tag) throw notFound();
  return tag;
}

export async function createTag(tx: Tx, actor: Actor, input: TagCreate): Promise<Tag> {
  await assertNameFree(tx, actor, input.type, input.name);
  const [row] = await tx
    .insert(tags)
    .values({ companyId: actor.companyId, type: input.type, name: input.name, color: input.color ?? null })
    .returning({ id: tags.id });
  if (!row) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'tagChanged',
    entity: 'tag',
    entityId: row.id,
    data: { action: 'created', type: input.type, name: input.name, color: input.color ?? null },
  });
  return { id: row.id, type: input.type, name: input.name, color: input.color ?? null, usage_count: 0 };
}

export async function updateTag(tx: Tx, actor: Actor, id: number, input: TagUpdate): Promise<Tag> {
  const before = await findTag(tx, actor, id);
  await assertNameFree(tx, actor, before.type, input.name, id);
  await tx
    .update(tags)
    .set({ name: input.name, color: input.color ?? null })
    .where(ofCompany(actor, id));
  const after = { ...before, name: input.name, color: input.color ?? null };
  await recordHistory(tx, actor, {
    event: 'tagChanged',
    entity: 'tag',
    entityId: id,
    data: {
      action: 'updated',
      type: before.type,
      before: { name: before.name, color: before.color },
      after: { name: after.name, color: after.color },
    },
  });
  return after;
}

/** Its assignments to students and groups go with it (user_tags, group_tags cascade). */
export async function deleteTag(tx: Tx, actor: Actor, id: number): Promise<void> {
  const tag = await findTag(tx, actor, id);
  await tx.delete(tags).where(ofCompany(actor, id));
  await recordHistory(tx, actor, {
    event: 'tagChanged',
    entity: 'tag',
    entityId: id,
    data: { action: 'deleted', type: tag.type, name: tag.name, usage_count: tag.usage_count },
  });
}
