import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('leaves plain text as it is', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Framing - walls')).toBe('Framing - walls');
    expect(csvCell('1234.50')).toBe('1234.50');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell with a comma, a semicolon, a quote, a line break or a tab', () => {
    expect(csvCell('Smith, "Bob"')).toBe('"Smith, ""Bob"""');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  it('keeps a payee with a semicolon and a formula in one cell, as text', () => {
    // Where `;` is the list separator, unquoted this would be `x` and a formula cell.
    expect(csvCell('x;=HYPERLINK("http://evil.example","Open")')).toBe(
      '"x;=HYPERLINK(""http://evil.example"",""Open"")"',
    );
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('x;@SUM(A1)')).toBe('"x;@SUM(A1)"');
  });

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
  });
});

describe('csvCell, what it leaves alone', () => {
  it('keeps text that only contains a formula sign later on, or an apostrophe already', () => {
    expect(csvCell('Tile = 40 sq ft')).toBe('Tile = 40 sq ft');
    expect(csvCell("'=1+1")).toBe("'=1+1");
    expect(csvCell('Café & Co')).toBe('Café & Co');
    expect(csvCell('2026-01-05')).toBe('2026-01-05');
  });
});

describe('csvRow', () => {
  it('joins the cells with commas, each through csvCell', () => {
    expect(csvRow(['Framing', 'Walls, studs', 'x;=1+1', '=2', ''])).toBe(`Framing,"Walls, studs","x;=1+1",'=2,`);
    expect(csvRow([])).toBe('');
  });
});
