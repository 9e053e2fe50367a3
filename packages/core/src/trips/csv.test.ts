import { describe, expect, it } from 'vitest';
import { CSV_EXPORT_MAX_DAYS, CSV_MSG, csvCell, csvRangeProblem, csvRow, daysInclusive, neutraliseFormula } from './csv.ts';

describe('csvCell', () => {
  it('writes a formula-looking text with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 505 555 0123')).toBe("'+1 505 555 0123");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('leaves numbers and plain text alone, and quotes commas, quotes, new lines and edge spaces', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('Ada Lovato')).toBe('Ada Lovato');
    expect(csvCell('1 Main St, Albuquerque')).toBe('"1 Main St, Albuquerque"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('Zoë 東京')).toBe('Zoë 東京');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('')).toBe('');
  });

  it('ends each line with CRLF', () => {
    expect(csvRow(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});

describe('the date range of a download', () => {
  it(`covers at most ${CSV_EXPORT_MAX_DAYS} days, first and last included`, () => {
    expect(daysInclusive('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysInclusive('2026-11-01', '2026-12-01')).toBe(31);
    expect(csvRangeProblem('2026-11-01', '2026-12-01')).toBeNull();
    expect(csvRangeProblem('2026-11-01', '2026-12-02')).toBe(CSV_MSG.RANGE_TOO_LONG);
    expect(csvRangeProblem('2026-11-02', '2026-11-01')).toBe(CSV_MSG.RANGE_ORDER);
    // across a daylight-saving change the count stays whole
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31);
  });
});

describe('neutraliseFormula', () => {
  it('puts an apostrophe before text starting with = + - @, a tab or a carriage return, and only there', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1`)).toBe(`'${start}1`);
    for (const text of ['', 'a=1', ' =1', "'=1", '1-2']) expect(neutraliseFormula(text)).toBe(text);
  });
});
