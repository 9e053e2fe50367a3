import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from './json-schema.ts';

interface Node {
  name: string;
  children: Node[];
}
const Tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) })) as unknown as z.ZodType<Node>;

const refsOf = (node: unknown): string[] => JSON.stringify(node).match(/"\$ref":"[^"]*"/g) ?? [];

describe('SchemaComponents', () => {
  it('makes a listed recursive schema one component that points to itself, with no $defs', () => {
    const components = new SchemaComponents(new Map([[Tree, 'Tree']]));
    const body = components.convert(z.object({ tree: Tree }), 'output', 'saveBody');
    expect(body).toMatchObject({ properties: { tree: { $ref: '#/components/schemas/Tree' } } });
    expect(refsOf(components.schemas.Tree)).toEqual(['"$ref":"#/components/schemas/Tree"']);
    expect(JSON.stringify({ body, all: components.schemas })).not.toMatch(/\$defs|\$schema/);
  });

  it('reuses the component when another schema holds the same part', () => {
    const components = new SchemaComponents(new Map([[Tree, 'Tree']]));
    components.convert(z.object({ tree: Tree }), 'output', 'a');
    const other = components.convert(z.array(Tree), 'output', 'b');
    expect(other).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Tree' } });
    expect(Object.keys(components.schemas)).toEqual(['Tree']);
  });

  it('names an unlisted recursive part after the hint', () => {
    const components = new SchemaComponents(new Map());
    const body = components.convert(z.object({ tree: Tree }), 'input', 'saveBody');
    expect(body).toMatchObject({ properties: { tree: { $ref: '#/components/schemas/saveBodyPart' } } });
    expect(refsOf(components.schemas.saveBodyPart)).toEqual(['"$ref":"#/components/schemas/saveBodyPart"']);
  });

  it('makes an unlisted recursive root a component named by the hint', () => {
    const components = new SchemaComponents(new Map());
    const root = components.convert(Tree, 'output', 'treeResponse');
    expect(root.$ref).toMatch(/^#\/components\/schemas\/treeResponse/);
    const name = String(root.$ref).split('/').pop() as string;
    for (const ref of refsOf(components.schemas)) expect(ref).toMatch(/#\/components\/schemas\/treeResponse/);
    expect(components.resolve(root)).toBe(components.schemas[name]);
  });

  it('gives the input side its own name when it differs from the output side', () => {
    const Item = z.object({ name: z.string() });
    const components = new SchemaComponents(new Map([[Item, 'Item']]));
    components.convert(z.array(Item), 'output', 'list');
    const input = components.convert(z.array(Item), 'input', 'save');
    expect(components.schemas.Item).toMatchObject({ additionalProperties: false });
    expect(input).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ItemInput' } });
    expect(components.schemas.ItemInput).not.toHaveProperty('additionalProperties');
  });

  it('keeps descriptions and refuses to add a taken name', () => {
    const components = new SchemaComponents(new Map());
    const js = components.convert(z.object({ code: z.string().describe('A short code') }), 'output', 'x');
    expect(js).toMatchObject({ properties: { code: { description: 'A short code' } } });
    components.add('ErrorBody', js);
    expect(() => components.add('ErrorBody', js)).toThrow(/exists already/);
  });
});
