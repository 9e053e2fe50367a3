import { describe, expect, it } from 'vitest';
import {
  RECEIPT_NAME_MAX,
  RECEIPT_TEXT,
  RECEIPT_UNATTACHED_MAX,
  receiptFileName,
  receiptQuotaError,
  receiptTypeOf,
  sniffReceiptType,
  unattachedReceiptCutoff,
} from './receipts.ts';

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

describe('receiptFileName', () => {
  it('keeps an ordinary name, accents and dashes included', () => {
    expect(receiptFileName('Toll – I-25 (Señor).pdf')).toBe('Toll – I-25 (Señor).pdf');
  });

  it('keeps only the last part of a path, with either slash', () => {
    expect(receiptFileName('C:\\Users\\ann\\scan.jpg')).toBe('scan.jpg');
    expect(receiptFileName('../../etc/passwd')).toBe('passwd');
  });

  it('drops control characters: C0, DEL and C1', () => {
    expect(receiptFileName('a\u0000b\tc\r\nd\u001b[31me\u007ff\u0085g\u009f.pdf')).toBe('abcd[31mefg.pdf');
  });

  it('drops bidirectional marks, embeddings, overrides and isolates', () => {
    expect(receiptFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    const all = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(receiptFileName(`x${all}.png`)).toBe('x.png');
    // the neighbours of those ranges are ordinary characters
    expect(receiptFileName('a\u200db\u2029c\u206ad')).toBe('a\u200db\u2029c\u206ad');
  });

  it('drops lone surrogates and keeps pairs', () => {
    expect(receiptFileName('a\ud800b\udc00c😀.jpg')).toBe('abc😀.jpg');
  });

  it(`cuts at ${RECEIPT_NAME_MAX} characters without splitting one`, () => {
    expect(receiptFileName('x'.repeat(RECEIPT_NAME_MAX))).toHaveLength(RECEIPT_NAME_MAX);
    expect(receiptFileName('x'.repeat(RECEIPT_NAME_MAX + 1))).toHaveLength(RECEIPT_NAME_MAX);
    const emoji = receiptFileName('😀'.repeat(RECEIPT_NAME_MAX + 5));
    expect([...emoji]).toHaveLength(RECEIPT_NAME_MAX);
    expect(emoji.endsWith('😀')).toBe(true);
  });

  it("answers 'receipt' when nothing usable is left", () => {
    for (const sent of ['', '   ', '\u202e\u0000', 'folder/', '..', '.']) expect(receiptFileName(sent), JSON.stringify(sent)).toBe('receipt');
  });
});

describe('receiptQuotaError', () => {
  it(`lets a user hold up to ${RECEIPT_UNATTACHED_MAX} unused receipts`, () => {
    expect(receiptQuotaError(0)).toBeNull();
    expect(receiptQuotaError(RECEIPT_UNATTACHED_MAX - 1)).toBeNull();
    expect(receiptQuotaError(RECEIPT_UNATTACHED_MAX)).toBe(RECEIPT_TEXT.QUOTA);
    expect(receiptQuotaError(RECEIPT_UNATTACHED_MAX + 3)).toBe(RECEIPT_TEXT.QUOTA);
    expect(RECEIPT_TEXT.QUOTA).toBe(
      'You have 20 receipts that are not on an expense yet. Add them to an expense, or wait: receipts not used within 24 hours are removed.',
    );
  });
});

describe('unattachedReceiptCutoff', () => {
  it('is 24 hours before now', () => {
    expect(unattachedReceiptCutoff(new Date('2026-11-22T15:00:00Z')).toISOString()).toBe('2026-11-21T15:00:00.000Z');
  });
});
