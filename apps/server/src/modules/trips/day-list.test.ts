import { describe, expect, it } from 'vitest';
import { ListAnswers } from './day-list.ts';

const bytes = (n: number, fill = 'x') => Buffer.from(fill.repeat(n));

describe('the lists last answered', () => {
  it('answers the same bytes for the same key, and nothing for another', () => {
    const answers = new ListAnswers(1000, 4);
    const json = bytes(10);
    answers.set('full \na 1.0 1', json);
    expect(answers.get('full \na 1.0 1')).toBe(json);
    expect(answers.get('full \na 2.0 1')).toBeNull();
    expect(answers.get('list \na 1.0 1')).toBeNull();
  });

  it('lets the least recently used answer go first once the bytes are spent', () => {
    const answers = new ListAnswers(100, 10);
    answers.set('a', bytes(40));
    answers.set('b', bytes(40));
    expect(answers.get('a')).not.toBeNull();
    answers.set('c', bytes(40));
    expect(answers.get('b')).toBeNull();
    expect(answers.get('a')).not.toBeNull();
    expect(answers.get('c')).not.toBeNull();
  });

  it('keeps at most the number of answers it is given, and never one larger than its budget', () => {
    const answers = new ListAnswers(1000, 2);
    answers.set('a', bytes(1));
    answers.set('b', bytes(1));
    answers.set('c', bytes(1));
    expect(answers.size).toBe(2);
    expect(answers.get('a')).toBeNull();
    answers.set('huge', bytes(1001));
    expect(answers.get('huge')).toBeNull();
    expect(answers.size).toBe(2);
  });
});
