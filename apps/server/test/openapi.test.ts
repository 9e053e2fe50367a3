import { createConfig, lintFromString } from '@redocly/openapi-core';
import { contract, type Endpoint } from '@tripline/core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

type Json = Record<string, any>;

let db: TestDatabase;
let t: TestApp;
let doc: Json;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  const res = await new Browser(t.app).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

/** Every operation of the document, with its path and method. */
function operations(): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

/** Follows a local `$ref` ('#/components/…') to what it names. */
function follow(node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  const target = (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json | undefined>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  expect(target, node.$ref).toBeDefined();
  return follow(target as Json);
}

function allRefs(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => allRefs(n, into));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.push(v);
      else allRefs(v, into);
    }
  }
  return into;
}

describe('the served OpenAPI document', () => {
  it('passes the Redocly recommended rules with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/api/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(`OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings (${[...new Set(warnings.map((w) => w.ruleId))].join(', ')})`);
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it('keeps recursive schemas as named components: no $defs, every $ref resolves', () => {
    expect(JSON.stringify(doc)).not.toContain('$defs');
    const refs = allRefs(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/(schemas|responses|parameters)\//);
      follow({ $ref: ref });
    }
    // the custom query's filter tree is one component that points to itself
    const saveBody = doc.paths['/api/canned-query'].post.requestBody.content['application/json'].schema;
    const filter = follow(saveBody.properties.json);
    expect(allRefs(filter)).toContain(saveBody.properties.json.$ref);
    const listed = follow(doc.paths['/api/canned-queries'].get.responses['200'].content['application/json'].schema.items);
    expect(follow(listed.properties.json)).toBe(doc.components.schemas.FilterNode);
  });

  it('names a security scheme on every operation and a relative server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const schemes = doc.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'tripline_session' });
    expect(schemes.session.description).toMatch(/X-Client-Version/);
    expect(schemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { path, method, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeInstanceOf(Array);
      for (const requirement of op.security) for (const name of Object.keys(requirement)) expect(schemes[name]).toBeDefined();
    }
    expect(doc.paths['/api/login'].post.security).toEqual([{ basic: [] }]);
    expect(doc.paths['/api/current-user'].get.security).toEqual([{ session: [] }, { token: [] }]);
    expect(doc.paths['/api/health'].get.security).toContainEqual({});
  });

  it('documents the 4xx answers of every operation with the ErrorBody shape', () => {
    const errorBody = doc.components.schemas.ErrorBody;
    expect(errorBody.required).toEqual(['error', 'message']);
    for (const { path, method, op } of operations()) {
      const codes = Object.keys(op.responses).filter((c) => /^4\d\d$/.test(c));
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '434']));
      for (const code of codes) expect(follow(follow(op.responses[code]).content['application/json'].schema)).toBe(errorBody);
    }
    const flag = doc.paths['/api/drive-assignment-flag'].post.responses;
    expect(Object.keys(flag)).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '434', 'default']);
    expect(Object.keys(doc.paths['/api/login'].post.responses)).toContain('429');
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(['200', '401', '434', '503', 'default']);
  });

  it('answers 409 on every endpoint that takes a modCount', () => {
    for (const [name, ep] of Object.entries(contract) as [string, Endpoint][]) {
      const fields = [ep.query, ep.body].flatMap((s) => {
        const js = s ? (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Json) : {};
        return [js, ...(js.anyOf ?? []), ...(js.items ? [js.items] : [])].flatMap((o: Json) => Object.keys(o.properties ?? {}));
      });
      if (fields.includes('modCount')) expect(ep.answers ?? [], name).toContain(409);
    }
  });

  it('keeps one stable operationId per contract endpoint', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(contract).sort());
    expect(doc.paths['/api/drive-assignment-assign-driver'].post.operationId).toBe('assignDriver');
    expect(doc.paths['/api/canned-query'].delete.operationId).toBe('cannedQueryDelete');
  });

  it('matches what the server answers: a refused call has the ErrorBody fields', async () => {
    const res = await new Browser(t.app).get('/api/current-user');
    expect(res.statusCode).toBe(401);
    const body = res.json();
    for (const key of doc.components.schemas.ErrorBody.required) expect(typeof body[key]).toBe('string');
    for (const key of Object.keys(body)) expect(doc.components.schemas.ErrorBody.properties).toHaveProperty(key);
  });

  it('generates TypeScript types with openapi-typescript that compile', async () => {
    const types = astToString(await openapiTS(doc as OpenAPI3));
    for (const path of ['/api/drive-assignments', '/api/canned-query', '/api/drive-assignment-flag', '/api/login']) {
      expect(types).toContain(`"${path}": {`);
    }
    expect(types).toMatch(/\bErrorBody: \{/);
    expect(types).toMatch(/\bFilterNode: /);
    expect(types).toContain('flag: {');

    // the generated file compiles on its own, with a client's use of it
    const file = 'api.ts';
    const source = `${types}
type Flag = paths['/api/drive-assignment-flag']['post'];
export const body: Flag['requestBody']['content']['application/json'] = { referenceNumber: 'A1', flag: null, modCount: 3 };
export const refused: components['schemas']['ErrorBody'] = { error: 'conflict', message: 'Changed', current: {} };
export const tree: components['schemas']['FilterNode'] = { logicalOp: 'and', filters: [{ key: 'flag', op: 'eq', value: 'x' }] };
`;
    const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, skipLibCheck: true };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) =>
      name === file ? ts.createSourceFile(name, source, version) : read(name, version, ...rest);
    const program = ts.createProgram([file], options, host);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
