import { describe, expect, it } from 'vitest';
import { tileImageOrigin, tileSource } from './tiles.ts';

describe('the tile source', () => {
  it('is absent without a URL, so maps draw only the outlines', () => {
    expect(tileSource(undefined, undefined)).toBeNull();
    expect(tileSource(null, 'x')).toBeNull();
    expect(tileSource('  ', 'x')).toBeNull();
  });
  it('takes an http(s) template naming zoom and tile column and row', () => {
    expect(tileSource(' https://tiles.example.org/{z}/{x}/{y}.png ', ' © Example ')).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(tileSource('http://t.example.org/{z}/{x}/{y}.png', undefined)).toEqual({ url: 'http://t.example.org/{z}/{x}/{y}.png', attribution: '' });
  });
  it('refuses other schemes and templates missing a part', () => {
    expect(tileSource('javascript:alert(1)//{z}/{x}/{y}', '')).toBeNull();
    expect(tileSource('https://tiles.example.org/{z}/{x}.png', '')).toBeNull();
  });
});

describe('where tile images may come from', () => {
  it('is the template scheme and host, a {s} subdomain any subdomain', () => {
    expect(tileImageOrigin(tileSource('https://Tiles.Example.org:8443/{z}/{x}/{y}.png', ''))).toBe('https://tiles.example.org:8443');
    expect(tileImageOrigin(tileSource('https://{s}.tiles.example.org/{z}/{x}/{y}.png', ''))).toBe('https://*.tiles.example.org');
  });
  it('is nothing without tiles or with a placeholder elsewhere in the host', () => {
    expect(tileImageOrigin(null)).toBeNull();
    expect(tileImageOrigin(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png', ''))).toBeNull();
  });
});
