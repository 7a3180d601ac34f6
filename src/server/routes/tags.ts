// Tags: the reference resource. Rules sit beside the routes; the store does the SQL, the presenter
// shapes the tag; the domain knows the colours and the lower-casing.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { TAG_COLORS, normaliseTagName } from '../domain/tags.js';
import { fieldError, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, readBody } from '../request.js';
import { lazy, required, rules, validate, z } from '../validation.js';
import { deleteTag, findTagRow, insertTag, listTagRows, tagNameTaken, updateTag } from '../store/tags.js';
import { toTag, type Tag } from '../present/tags.js';

const tagSchema = lazy(() =>
  z.object({
    name: required(rules.string(255)),
    color: required(rules.in(TAG_COLORS)),
  }),
);

function tagOr404(c: Ctx): Tag {
  const row = findTagRow(c.get('deps').db, c.get('companyId'), pathId(c, 'tag'));
  if (!row) throw notFound('Tag not found.');
  return toTag(row);
}

async function validTag(c: Ctx, exceptId?: number) {
  const input = validate(tagSchema(), await readBody(c));
  const name = normaliseTagName(input.name);
  if (name === '') throw fieldError('name', 'The name field is required.');
  if (tagNameTaken(c.get('deps').db, c.get('companyId'), name, exceptId))
    throw fieldError('name', 'The name has already been taken.');
  return { name, color: input.color };
}

export function registerTags(r: Hono<AppEnv>): void {
  r.get('/tags/colors', (c) => c.json([...TAG_COLORS]));

  r.get('/tags', (c) => {
    const page = pageRequest(c);
    const { rows, total } = listTagRows(
      c.get('deps').db,
      c.get('companyId'),
      {
        name: c.req.query('filter[name]') || undefined,
        color: c.req.query('filter[color]') || undefined,
      },
      page.perPage,
      page.offset,
    );
    return c.json(paginated(c, rows.map(toTag), total, page));
  });

  r.post('/tags', async (c) => {
    const { name, color } = await validTag(c);
    const db = c.get('deps').db;
    const id = insertTag(db, c.get('companyId'), Number(c.get('user').id), name, color);
    return c.json({ data: toTag(findTagRow(db, c.get('companyId'), id)!) });
  });

  r.get('/tags/:tag', (c) => c.json({ data: tagOr404(c) }));

  r.put('/tags/:tag', async (c) => {
    const tag = tagOr404(c);
    const { name, color } = await validTag(c, tag.id);
    const db = c.get('deps').db;
    updateTag(db, c.get('companyId'), tag.id, name, color);
    return c.json({ data: toTag(findTagRow(db, c.get('companyId'), tag.id)!) });
  });

  r.delete('/tags/:tag', (c) => {
    const tag = tagOr404(c);
    deleteTag(c.get('deps').db, c.get('companyId'), tag.id);
    return c.body(null, 204);
  });
}
