// Cutting words too wide for their column before pdfkit wraps the text (src/server/render/break-words.ts):
// the pieces fit the width and give the word back whole, words that fit stay as they are, and after the
// cut no word pdfkit's line breaker finds is wider than the column. The measure here is a made-up font
// with wide, narrow and zero-width characters and one kerning pair; the PDFs themselves are checked in
// test/service/pdf.test.ts, the time it takes in bench/pdf.mjs.
import fc from 'fast-check';
import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakLongWords, cutWord, type Measure } from '../../src/server/render/break-words.js';

const WIDE = 'WM@';
const NARROW = 'il.';
/**
 * W M @ 10 wide, i l . 3, nothing for a line break, the combining mark and the emoji's code units (as in Helvetica), 6
 * for the rest; "AV" 2 narrower together.
 */
function widthOf(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\n' || ch === '\u0301' || /[\ud800-\udfff]/.test(ch)) continue;
    w += WIDE.includes(ch) ? 10 : NARROW.includes(ch) ? 3 : 6;
    if (ch === 'V' && s[i - 1] === 'A') w -= 2;
  }
  return w;
}
const measure: Measure = { width: widthOf, widest: 10 };

/** The words pdfkit's wrapping would see (UAX #14 segments, trailing spaces included). */
function segments(text: string): string[] {
  const out: string[] = [];
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    out.push(text.slice(last, bk.position));
    last = bk.position;
  }
  return out;
}

const alphabet = fc.constantFrom(...'abcxyzWM@il.AV-/( \u00a00123456789\u0301😀'.match(/😀|./gu)!);
const textOf = (min: number, max: number) =>
  fc.array(alphabet, { minLength: min, maxLength: max }).map((cs) => cs.join(''));

describe('cutWord', () => {
  it('cuts into pieces that each fit and together are the word, each as long as fits', () => {
    fc.assert(
      fc.property(textOf(1, 400), fc.integer({ min: 1, max: 120 }), (word, width) => {
        const pieces = cutWord(word, width, widthOf);
        expect(pieces.join('')).toBe(word);
        pieces.forEach((piece, i) => {
          // a character wider than the line alone (or an emoji's pair) is the only piece allowed over
          if ([...piece].length > 1) expect(widthOf(piece)).toBeLessThanOrEqual(width);
          // greedy: one more character would not have fitted
          if (i < pieces.length - 1 && [...piece].length > 1)
            expect(widthOf(piece + [...pieces[i + 1]][0])).toBeGreaterThan(width);
        });
      }),
    );
  });

  it('never cuts an emoji in two', () => {
    // 6 a code unit: "a" and the emoji's first half would fit in 15
    expect(cutWord('a😀😀😀b', 15, (s) => s.length * 6)).toEqual(['a', '😀', '😀', '😀', 'b']);
    expect(cutWord('😀😀', 5, (s) => s.length * 6)).toEqual(['😀', '😀']);
  });

  it('cuts a 60,000-character word into lines of the width', () => {
    const word = 'x'.repeat(60_000);
    const pieces = cutWord(word, 300, widthOf);
    expect(pieces).toHaveLength(1200);
    expect(new Set(pieces)).toEqual(new Set(['x'.repeat(50)]));
  });
});

describe('breakLongWords', () => {
  it('leaves text whose words fit as it is', () => {
    const text = 'Konzept und Design der Website, inkl. zwei Korrekturrunden\nUmsetzung (Frontend-Entwicklung)';
    expect(breakLongWords(text, 120, measure)).toBe(text);
  });

  it('puts each piece of a word too wide on a line of its own, the text around it untouched', () => {
    const text = `Vor dem Wort ${'x'.repeat(45)} und danach.`;
    expect(breakLongWords(text, 120, measure)).toBe(
      `Vor dem Wort ${'x'.repeat(20)}\n${'x'.repeat(20)}\n${'x'.repeat(5)} und danach.`,
    );
  });

  it('gives back the text without its added line breaks, and no word is wider than the column', () => {
    fc.assert(
      fc.property(textOf(0, 600), fc.integer({ min: 10, max: 150 }), (text, width) => {
        const broken = breakLongWords(text, width, measure);
        expect(broken.replaceAll('\n', '')).toBe(text);
        for (const word of segments(broken)) {
          if ([...word.trimEnd()].length > 1) expect(widthOf(word)).toBeLessThanOrEqual(width);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a word that no space breaks, as pdfkit reads it: "(" followed by spaces does not end a word', () => {
    const text = `( ${'( '.repeat(30)}`;
    expect(segments(text)).toHaveLength(1);
    const broken = breakLongWords(text, 60, measure);
    expect(broken.replaceAll('\n', '')).toBe(text);
    for (const word of segments(broken)) expect(widthOf(word)).toBeLessThanOrEqual(60);
  });
});
