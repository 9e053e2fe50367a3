import { describe, expect, it } from 'vitest';
import { receiptTypeOf, sniffReceiptType } from './receipts.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffReceiptType', () => {
  it.each([
    ['application/pdf', bytes('%PDF-1.7\n')],
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['image/heic', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['image/heic', bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0])],
  ])('recognises %s', (type, head) => expect(sniffReceiptType(head)).toBe(type));

  it.each([
    ['HTML', bytes('<!doctype html><script>')],
    ['SVG', bytes('<svg xmlns="http://')],
    ['a ZIP', bytes('PK', [3, 4, 20, 0])],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0])],
    ['an empty file', bytes()],
  ])('refuses %s', (_n, head) => expect(sniffReceiptType(head)).toBeNull());
});

describe('receiptTypeOf', () => {
  it('accepts the receipt types and their common spellings', () => {
    expect(receiptTypeOf('application/pdf')).toBe('application/pdf');
    expect(receiptTypeOf('IMAGE/JPG')).toBe('image/jpeg');
    expect(receiptTypeOf('image/heif')).toBe('image/heic');
    expect(receiptTypeOf('image/png; charset=binary')).toBe('image/png');
  });
  it('refuses anything else', () => {
    for (const t of ['text/html', 'image/svg+xml', 'application/octet-stream', '']) expect(receiptTypeOf(t)).toBeNull();
  });
});
