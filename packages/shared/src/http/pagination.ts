import { z } from 'zod';

/** `?page=&limit=` of every paged list; pages start at 1. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

/** The envelope of a paged list: the items of one page plus the total count. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
