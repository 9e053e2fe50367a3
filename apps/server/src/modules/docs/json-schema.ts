import { z } from 'zod';

type Json = Record<string, unknown>;
export type Io = 'input' | 'output';

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/**
 * The metadata zod reads while converting: the global metadata (descriptions) plus a component
 * name for the schemas listed, so a listed schema becomes `$ref: '#/components/schemas/<name>'`.
 * A recursive schema (the custom query's filter tree) must be listed: OpenAPI has no home for the
 * `$defs` zod would otherwise emit inside each operation.
 */
class NamedMetadata extends z.core.$ZodRegistry<Record<string, unknown>> {
  constructor(private readonly names: ReadonlyMap<z.ZodType, string>) {
    super();
  }

  override get<S extends z.core.$ZodType>(schema: S) {
    const meta = z.globalRegistry.get(schema);
    const id = this.names.get(schema as unknown as z.ZodType);
    return (id ? { ...meta, id } : meta) as ReturnType<z.core.$ZodRegistry<Record<string, unknown>>['get']>;
  }
}

/** Visits every `$ref` of a JSON schema. */
function eachRef(node: unknown, visit: (holder: Json, ref: string) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachRef(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') visit(obj, obj.$ref);
  for (const value of Object.values(obj)) eachRef(value, visit);
}

/**
 * Converts contract schemas to OpenAPI 3.1 schemas, collecting every named or recursive part as a
 * component (`components.schemas`) that the converted schemas point to. One instance per document,
 * so a part used by many endpoints is one component.
 */
export class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  private readonly metadata: NamedMetadata;

  constructor(names: ReadonlyMap<z.ZodType, string>) {
    this.metadata = new NamedMetadata(names);
  }

  /** Adds a component as written; its name must be free. */
  add(name: string, schema: Json): { $ref: string } {
    if (name in this.schemas) throw new Error(`The schema component ${name} exists already`);
    this.schemas[name] = schema;
    return { $ref: COMPONENTS + name };
  }

  /**
   * The schema for one side (`io`) of a zod schema; `hint` names a component the schema needs
   * that has no name of its own (an unlisted recursive part, or a recursive root).
   */
  convert(schema: z.ZodType, io: Io, hint: string): Json {
    let js: Json;
    try {
      js = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: this.metadata }) as Json;
    } catch {
      return {};
    }
    const { $defs = {}, $schema: _dialect, ...root } = js as Json & { $defs?: Record<string, Json>; $schema?: string };
    const names = this.nameDefs($defs, io, hint);
    const rewrite = (node: unknown) =>
      eachRef(node, (holder, ref) => {
        if (ref.startsWith(DEFS)) holder.$ref = COMPONENTS + names.get(ref.slice(DEFS.length));
      });
    for (const [key, def] of Object.entries($defs)) {
      rewrite(def);
      this.schemas[names.get(key) as string] ??= def;
    }
    rewrite(root);
    // an unlisted recursive root points to itself as '#': it becomes a component of its own
    let selfRef = false;
    eachRef(root, (_holder, ref) => (selfRef ||= ref === '#'));
    if (!selfRef) return root;
    const name = this.free(hint);
    eachRef(root, (holder, ref) => {
      if (ref === '#') holder.$ref = COMPONENTS + name;
    });
    return this.add(name, root);
  }

  /** The schema a `$ref` to a component points to, or the schema itself. */
  resolve(schema: Json): Json {
    const ref = schema.$ref;
    return typeof ref === 'string' && ref.startsWith(COMPONENTS) ? (this.schemas[ref.slice(COMPONENTS.length)] ?? schema) : schema;
  }

  /**
   * The component name of each `$defs` entry: its own (listed) name, or one made from the hint;
   * when that name holds a different schema (the input side of a schema whose output differs, say),
   * a variant name. A definition's content depends on the names (it may point to itself), so the
   * names are settled before anything is stored.
   */
  private nameDefs(defs: Record<string, Json>, io: Io, hint: string): Map<string, string> {
    const keys = Object.keys(defs);
    const names = new Map<string, string>();
    const contentOf = (key: string) => {
      const copy = structuredClone(defs[key]);
      eachRef(copy, (holder, ref) => {
        if (ref.startsWith(DEFS)) holder.$ref = COMPONENTS + names.get(ref.slice(DEFS.length));
      });
      return JSON.stringify(copy);
    };
    const fits = (key: string, name: string) => {
      if ([...names].some(([k, n]) => k !== key && n === name)) return false;
      const existing = this.schemas[name];
      if (existing === undefined) return true;
      names.set(key, name);
      return JSON.stringify(existing) === contentOf(key);
    };
    for (const key of keys) names.set(key, key.startsWith('__') ? `${hint}Part` : key);
    for (let changed = true, rounds = 0; changed && rounds < 10; rounds++) {
      changed = false;
      for (const key of keys) {
        const current = names.get(key) as string;
        if (fits(key, current)) continue;
        const base = key.startsWith('__') ? `${hint}Part` : key;
        const candidates = [base, `${base}${io === 'input' ? 'Input' : 'Output'}`, ...Array.from({ length: 50 }, (_, i) => `${base}${i + 2}`)];
        names.set(key, candidates.find((c) => fits(key, c)) ?? `${base}${keys.indexOf(key) + 100}`);
        changed = true;
      }
    }
    return names;
  }

  private free(name: string): string {
    if (!(name in this.schemas)) return name;
    for (let i = 2; ; i++) if (!(`${name}${i}` in this.schemas)) return `${name}${i}`;
  }
}
