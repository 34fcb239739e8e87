// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { envelope } from '@tandem/contract/envelope';
import { departmentNode } from '@tandem/contract/team';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

describe('the response serializer', () => {
  it('writes only the properties the schema names', () => {
    const write = compile(envelope(z.object({ id: z.number(), email: z.string() })));
    const json = write({
      code: 0,
      msg: 'ok',
      data: { id: 1, email: 'a@example.com', password_hash: '$argon2id$…' },
    });
    expect(JSON.parse(json)).toEqual({ code: 0, msg: 'ok', data: { id: 1, email: 'a@example.com' } });
  });

  it('writes recursive trees, nullable and optional fields', () => {
    const write = compile(envelope(z.array(departmentNode)));
    const leaf = {
      id: 2,
      name: 'Models',
      parentId: 1,
      manager_user_id: null,
      manager_name: '',
      member_count: 1,
      sort: 1,
      children: [],
    };
    const tree = [{ ...leaf, id: 1, name: 'Research', parentId: null, children: [{ ...leaf, secret: 'x' }] }];
    const parsed = JSON.parse(write({ code: 0, msg: 'ok', data: tree }));
    expect(parsed.data[0].children[0]).toEqual(leaf);
    expect(parsed.data[0].parentId).toBeNull();
  });
});
