import { isGroup, readFilterShape, type FilterGroup, type FilterLeaf, type FilterNode } from '@tripline/core';

/** Where a node sits: the child indexes from the top-level group down. */
export type NodePath = readonly number[];

/** A new condition starts on the service date, the criterion almost every query has. */
export const newLeaf = (): FilterLeaf => ({ key: 'serviceDate', op: 'eq', value: '' });

/** spec 2 §5: a custom query's top level is always AND. */
export const emptyFilter = (): FilterGroup => ({ logicalOp: 'and', filters: [newLeaf()] });

/** A nested group starts as OR with one condition: AND inside AND adds nothing. */
export const newGroup = (): FilterGroup => ({ logicalOp: 'or', filters: [newLeaf()] });

/** The node at a path, or null when the path leads nowhere. */
export function nodeAt(root: FilterGroup, path: NodePath): FilterNode | null {
  let node: FilterNode = root;
  for (const i of path) {
    if (!isGroup(node) || !node.filters[i]) return null;
    node = node.filters[i];
  }
  return node;
}

/** A copy of the tree with the node at `path` replaced by what `change` makes of it. */
export function updateAt(root: FilterGroup, path: NodePath, change: (node: FilterNode) => FilterNode): FilterGroup {
  const walk = (node: FilterNode, depth: number): FilterNode => {
    if (depth === path.length) return change(node);
    if (!isGroup(node)) return node;
    const i = path[depth];
    return { ...node, filters: node.filters.map((child, j) => (j === i ? walk(child, depth + 1) : child)) };
  };
  const next = walk(root, 0);
  // The top level stays an AND group whatever happens below it.
  return isGroup(next) ? { ...next, logicalOp: 'and' } : root;
}

/** Removes the node at a path (the top-level group itself cannot be removed). */
export function removeAt(root: FilterGroup, path: NodePath): FilterGroup {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateAt(root, parent, (node) => (isGroup(node) ? { ...node, filters: node.filters.filter((_, j) => j !== index) } : node));
}

/** Adds a node at the end of the group at a path. */
export function appendTo(root: FilterGroup, groupPath: NodePath, child: FilterNode): FilterGroup {
  return updateAt(root, groupPath, (node) => (isGroup(node) ? { ...node, filters: [...node.filters, child] } : node));
}

/** Switches a nested group between AND and OR; the top level stays AND (spec 2 §5). */
export function setLogicalOp(root: FilterGroup, groupPath: NodePath, logicalOp: 'and' | 'or'): FilterGroup {
  if (groupPath.length === 0) return root;
  return updateAt(root, groupPath, (node) => (isGroup(node) ? { ...node, logicalOp } : node));
}

/**
 * Reads a custom query from its JSON text (the address, a saved query) for the editor: the tree
 * when it has the shape of one, even if a condition is incomplete (the editor shows what is
 * wrong), otherwise the message. A tree whose top is a condition or an OR is wrapped in an AND.
 */
export function readFilterText(text: string): { ok: true; filter: FilterGroup } | { ok: false; message: string } {
  const shape = readFilterShape(text);
  return shape.ok ? { ok: true, filter: asTopLevel(shape.node) } : shape;
}

/** A tree as the editor holds it: an AND group at the top. */
export function asTopLevel(node: FilterNode): FilterGroup {
  if (isGroup(node) && node.logicalOp === 'and') return node;
  return { logicalOp: 'and', filters: [node] };
}

/** The JSON text of a tree as it travels in the address and to the server. */
export const filterText = (filter: FilterGroup): string => JSON.stringify(filter);

/** Counts the conditions of a tree, for labels. */
export function countLeaves(node: FilterNode): number {
  return isGroup(node) ? node.filters.reduce((n, child) => n + countLeaves(child), 0) : 1;
}
