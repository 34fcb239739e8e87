import { z } from 'zod';

/** Every answer of the API: `code` 0 is success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** A page of a list: `data: { data: [...], total }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int().nonnegative() });

export type Page<T> = { data: T[]; total: number };

export const PAGE_SIZE_MAX = 100;

/** `page` is 1-based; query strings arrive as text, so both are coerced. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const SUCCESS_CODE = 0;
