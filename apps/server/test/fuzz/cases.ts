import type { Endpoint, HttpMethod } from '@tripline/core';
import { BAD_QUERY_VALUES, DEPTH, MB, Raw, badBodyValues, deepArray, deepGroup, deepObject } from './corpus.ts';
import { REMOVE, fields, plausible, setAt, variants } from './schema.ts';

/** One malformed request. */
export interface Case {
  label: string;
  method: HttpMethod;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The one answer this case must get, where there is one. */
  expect?: number;
}

/** JSON text of a value, with Raw fragments written as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => (v instanceof Raw ? `__RAW_${raws.push(v.json) - 1}__` : v));
  return text.replace(/"__RAW_(\d+)__"/g, (_m, i: string) => raws[Number(i)]);
}

const short = (v: unknown) => {
  const s = v instanceof Raw ? v.json : typeof v === 'string' ? JSON.stringify(v) : toJson(v);
  return s.length > 40 ? `${s.slice(0, 30)}…(${s.length} chars)` : s;
};

/** The query text of a flat object of sample values. */
function encode(values: Record<string, unknown>): string[] {
  return Object.entries(values).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`),
  );
}

const PATH_PARAM = /:([A-Za-z]+)/g;

/** The address of an endpoint with its path parameters filled in (a bad value for one of them, if named). */
function address(ep: Endpoint, bad?: { param: string; value: string }): string {
  return `/api/${ep.path.replace(PATH_PARAM, (_m, name: string) => (bad?.param === name ? bad.value : 'sample'))}`;
}

function queryCases(ep: Endpoint, base: string): Case[] {
  const out: Case[] = [];
  // a query is read with a plausible body beside it, so the query is what is wrong
  const body = ep.body ? { payload: toJson(plausible(variants(ep.body)[0])), contentType: 'application/json' } : {};
  const add = (label: string, query: string[]) => out.push({ label: `query ${label}`, method: ep.method, url: `${base}?${query.join('&')}`, ...body });
  if (!ep.query) {
    add('unknown parameter NUL', ['x=%00']);
    add('unknown parameter 1 MB', [`x=${'a'.repeat(MB)}`]);
    add('malformed escape', ['%']);
    return out;
  }
  const values = plausible(ep.query, true) as Record<string, unknown>;
  for (const f of fields(ep.query).filter((x) => x.path.length === 1)) {
    const key = String(f.path[0]);
    const others = encode(Object.fromEntries(Object.entries(values).filter(([k]) => k !== key)));
    if (!f.optional) add(`${key} missing`, others);
    for (const v of BAD_QUERY_VALUES) add(`${key}=${v.length > 30 ? `${v.slice(0, 20)}…(${v.length})` : v}`, [...others, `${key}=${v}`]);
    add(`${key} repeated`, [...others, `${key}=a`, `${key}=b`]);
    add(`${key} bracketed`, [...others, `${key}[a]=1`]);
  }
  const all = encode(values);
  add('with unknown NUL parameter', [...all, 'x%00=%00']);
  add('with prototype keys', [...all, '__proto__[a]=1', 'constructor[prototype][a]=1']);
  add('malformed escape', [...all, '%']);
  return out;
}

function bodyCases(ep: Endpoint, url: string): Case[] {
  const out: Case[] = [];
  const add = (label: string, payload: string | Buffer, contentType = 'application/json', expect?: number) =>
    out.push({ label: `body ${label}`, method: ep.method, url, payload, contentType, ...(ep.raw ? {} : { expect }) });
  if (ep.body) {
    variants(ep.body).forEach((variant, n) => {
      const base = plausible(variant);
      for (const f of fields(variant)) {
        const at = `${n > 0 ? `(variant ${n + 1}) ` : ''}${f.path.join('.') || '(root)'}`;
        if (!f.optional && f.path.length > 0) add(`${at} missing`, toJson(setAt(base, f.path, REMOVE)));
        for (const v of badBodyValues(f.kind)) add(`${at}=${short(v)}`, toJson(setAt(base, f.path, v)));
      }
    });
  }
  add('not JSON', '{"a": tru', undefined, 400);
  add('empty', '', undefined, 400);
  add('JSON null', 'null');
  add('JSON text', '"x"');
  add('JSON number', '1e400');
  add(`${DEPTH}-deep array`, deepArray.json, undefined, 400);
  add(`${DEPTH}-deep object`, deepObject.json, undefined, 400);
  add(`${DEPTH}-deep custom query`, deepGroup.json, undefined, 400);
  add('prototype key', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', undefined, 400);
  add('2 MB', toJson({ x: 'a'.repeat(2 * MB) }), undefined, 413);
  add('NUL bytes', Buffer.from([0x7b, 0x00, 0x7d]), undefined, 400);
  add('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]));
  add('as text/plain', 'hello', 'text/plain', 415);
  add('as a form', 'a=1&b=%00', 'application/x-www-form-urlencoded', 415);
  add('as XML', '<a>1</a>', 'application/xml', 415);
  add('as UTF-16 JSON', '{}', 'application/json; charset=utf-16');
  add('with a broken content type', '{}', 'application/json; ;;=');
  if (!ep.raw) add('as multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', 'multipart/form-data; boundary=x', 415);
  return out;
}

/** The receipt upload takes a multipart form: bad forms of it. */
function multipartCases(ep: Endpoint, url: string): Case[] {
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--b\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n--b--\r\n')]);
  const form = 'multipart/form-data; boundary=b';
  const cases: [string, Buffer, string][] = [
    ['no file part', part('Content-Disposition: form-data; name="other"', 'x'), form],
    ['a file under another name', part('Content-Disposition: form-data; name="x"; filename="r.png"\r\nContent-Type: image/png', 'x'), form],
    ['a text file', part('Content-Disposition: form-data; name="file"; filename="r.txt"\r\nContent-Type: text/plain', 'hello'), form],
    ['a PNG that is not one', part('Content-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png', 'not a png at all'), form],
    ['an empty PNG', part('Content-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png', ''), form],
    ['a NUL in the file name', part('Content-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png', 'x'), form],
    ['a broken UTF-8 file name', Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="\xed\xa0\x80.pdf"\r\nContent-Type: application/pdf\r\n\r\nx\r\n--b--\r\n', 'latin1'), form],
    ['no boundary', Buffer.from('x'), 'multipart/form-data'],
    ['an unterminated form', Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\n'), form],
    ['garbage', Buffer.from([0, 1, 2, 3]), form],
  ];
  return cases.map(([label, payload, contentType]) => ({ label: `multipart ${label}`, method: ep.method, url, payload, contentType }));
}

/** Every malformed request the fuzz sends to one endpoint. */
export function casesFor(ep: Endpoint): Case[] {
  const url = address(ep);
  const query = ep.query ? (plausible(ep.query, true) as Record<string, unknown>) : {};
  const withQuery = Object.keys(query).length > 0 ? `${url}?${encode(query).join('&')}` : url;
  const out = queryCases(ep, url);
  for (const [, param] of ep.path.matchAll(PATH_PARAM)) {
    for (const v of BAD_QUERY_VALUES) out.push({ label: `path ${param}=${v.slice(0, 20)}`, method: ep.method, url: address(ep, { param, value: v }) });
  }
  if (ep.method !== 'GET') out.push(...(ep.raw ? multipartCases(ep, withQuery) : []), ...bodyCases(ep, withQuery));
  return out;
}
