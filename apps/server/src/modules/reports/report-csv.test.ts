import { describe, expect, it } from 'vitest';
import { csvField } from './report-csv';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas; decimal amounts stay as they are', () => {
    expect(csvField('bkash')).toBe('bkash');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(42)).toBe('42');
    expect(csvField('খেলা')).toBe('খেলা');
  });
});
