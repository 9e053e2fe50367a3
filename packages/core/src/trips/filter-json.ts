import { z } from 'zod';
import { jsonNestsDeeperThan, text } from '../api/text.ts';
import { FILTER_MAX_DEPTH, FILTER_MAX_LEAVES, FILTER_MAX_LIST, validateFilter, type FilterGroup, type FilterNode } from './filter.ts';
import { SEARCH_MSG } from './search.ts';

// A custom query as it travels: JSON text read into a filter tree, its shape checked here and its
// meaning by validateFilter.

const Scalar = z.union([text().max(200), z.number(), z.boolean(), z.null()]);
const LeafSchema = z.object({
  key: text().max(60),
  op: text().max(20),
  value: z.union([Scalar, z.array(text().max(200)).max(FILTER_MAX_LIST)]),
});
/** The wire shape of a filter tree (checked for meaning by validateFilter). */
export const FilterNodeSchema: z.ZodType<FilterNode> = z.lazy(() =>
  z.union([
    z.object({ logicalOp: z.enum(['and', 'or']), filters: z.array(FilterNodeSchema).max(FILTER_MAX_LEAVES) }),
    LeafSchema,
  ]),
) as unknown as z.ZodType<FilterNode>;

/**
 * Reads JSON text with the shape of a filter tree (groups and conditions), not yet checked for
 * meaning: the tree, or the 'Invalid JSON: …' message.
 */
export function readFilterShape(text: string): { ok: true; node: FilterNode } | { ok: false; message: string } {
  // each group nests an object and its filters array, a condition an object and a list of values;
  // deeper text is refused before it is walked
  if (jsonNestsDeeperThan(text, 2 * FILTER_MAX_DEPTH + 2)) return { ok: false, message: `Groups can be nested at most ${FILTER_MAX_DEPTH} deep` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: SEARCH_MSG.INVALID_JSON(e instanceof Error ? e.message.slice(0, 120) : 'unreadable') };
  }
  const shape = FilterNodeSchema.safeParse(data);
  if (!shape.success) return { ok: false, message: SEARCH_MSG.INVALID_JSON('not a filter of groups (logicalOp, filters) and conditions (key, op, value)') };
  return { ok: true, node: shape.data };
}

/**
 * Reads a custom query sent as JSON text (the `filter` parameter): the tree, or the message to
 * show ("Invalid JSON: …", or what is wrong with it).
 */
export function parseFilterJson(text: string): { ok: true; filter: FilterGroup } | { ok: false; message: string } {
  const shape = readFilterShape(text);
  if (!shape.ok) return shape;
  const valid = validateFilter(shape.node);
  return valid.ok ? { ok: true, filter: shape.node as FilterGroup } : valid;
}
