import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { entityId, ID_MAX } from './ids.ts';

/** What a fuzzer sends for an id; a plain number coercion read the first four as 1. */
const NOT_IDS: unknown[] = [
  true,
  [1],
  '0x1',
  '1e0',
  ID_MAX + 1,
  String(ID_MAX + 1),
  -1,
  0,
  1.5,
  '',
  ' 1',
  null,
];

describe('entityId', () => {
  it('takes a positive integer as a JSON number or a string of decimal digits', () => {
    expect(entityId.parse(1)).toBe(1);
    expect(entityId.parse('12')).toBe(12);
    expect(entityId.parse(ID_MAX)).toBe(ID_MAX);
    expect(entityId.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(NOT_IDS.map((value) => [JSON.stringify(value), value]))('refuses %s', (_, value) => {
    const parsed = entityId.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`an id from 1 to ${ID_MAX}`);
  });
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The id-named fields (`id`, `doc_id`, `knowledge_ids`, `parentId`…) of a request schema, by path. */
function idFields(schema: z.ZodType, path: string, out: Map<string, z.ZodType>, named = false) {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>))
        idFields(field, `${path}.${key}`, out, /(^ids?$|_ids?$|Ids?$)/.test(key));
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return idFields(def.innerType as z.ZodType, path, out, named);
    case 'array':
      return idFields(def.element as z.ZodType, `${path}[]`, out, named);
    case 'intersection':
      idFields(def.left as z.ZodType, path, out, named);
      return idFields(def.right as z.ZodType, path, out, named);
    case 'union':
      for (const [i, option] of (def.options as z.ZodType[]).entries())
        idFields(option, `${path}|${i}`, out, named);
      return;
    case 'pipe':
      if (named) out.set(path, schema);
      else idFields(def.in as z.ZodType, path, out, named);
      return;
    default:
      if (named) out.set(path, schema);
  }
}

/** Every request schema of the contract (`…Body`, `…Query`, `…Params`), by `file:name`. */
async function requestSchemas() {
  const schemas = new Map<string, z.ZodType>();
  const dir = new URL('.', import.meta.url);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (/(Body|Query|Params)$/.test(name) && value && typeof value === 'object' && '_zod' in value)
        schemas.set(`${file}:${name}`, value as z.ZodType);
  }
  return schemas;
}

/** Filters where 0 means "in none" (members in no department). */
const ZERO_MEANS_NONE = new Set([
  'team.ts:memberListQuery.department_id',
  'team.ts:departmentMemberListQuery.department_id',
]);

describe('every numeric id a request takes', () => {
  it('is parsed as an entityId: fuzzed values are refused, never read as 1', async () => {
    const numericIds: string[] = [];
    const lax: string[] = [];
    for (const [name, schema] of await requestSchemas()) {
      const fields = new Map<string, z.ZodType>();
      idFields(schema, name, fields);
      for (const [path, field] of fields) {
        // String ids (conversation ids, share codes, session ids) are checked by their own patterns.
        if (!field.safeParse(1).success && !field.safeParse('1').success) continue;
        if (field.safeParse('abc').success) continue;
        numericIds.push(path);
        for (const value of NOT_IDS)
          if (value !== null && !(value === 0 && ZERO_MEANS_NONE.has(path)) && field.safeParse(value).success)
            lax.push(`${path} takes ${JSON.stringify(value)}`);
      }
    }
    expect(numericIds.length).toBeGreaterThan(40);
    expect(lax).toEqual([]);
  });
});
