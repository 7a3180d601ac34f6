// Words too wide for their column, cut before pdfkit lays the text out. pdfkit cuts such a word itself,
// but after each line it takes off it measures the whole rest of the word again: quadratic in the word's
// length (one position holding a 60,000-character word took 17.7 s, the service blocked meanwhile).
// Here the text is split where pdfkit would break it (the same UAX #14 line breaker, the `linebreak`
// package pdfkit uses), a word is measured only when it may not fit, and one that does not fit is cut
// into pieces that each fill a line, joined by line breaks: pdfkit then only ever sees words that fit,
// and the cost is linear in the text. Pure: the caller passes the measure (pdfkit's widthOfString in the
// font and size the text is drawn in).
import LineBreaker from 'linebreak';

export interface Measure {
  /** the width of a string as drawn */
  width(s: string): number;
  /** no character is wider (kerning included): a word of at most width / widest characters fits unmeasured */
  widest: number;
}

/** `text` with every word wider than `width` cut into pieces that fit, one a line; all else as it was. */
export function breakLongWords(text: string, width: number, measure: Measure): string {
  const shortest = Math.floor(width / measure.widest);
  if (text.length <= shortest) return text;
  const breaker = new LineBreaker(text);
  const parts: string[] = [];
  let copied = 0;
  let start = 0;
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const end = bk.position;
    // a word as pdfkit measures it: up to the next break opportunity, trailing spaces included
    if (end - start > shortest) {
      const word = text.slice(start, end);
      if (measure.width(word) > width) {
        parts.push(text.slice(copied, start), cutWord(word, width, measure.width).join('\n'));
        copied = end;
      }
    }
    start = end;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * `word` cut into pieces no wider than `width`, each as long as fits (a character wider than `width` is
 * a piece of its own), never inside a surrogate pair. Each piece's length is found from the previous
 * one's by galloping, then halving: a few measures of strings about a line long, whatever the word's length.
 */
export function cutWord(word: string, width: number, widthOf: (s: string) => number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let guess = 1;
  while (start < word.length) {
    const rest = word.length - start;
    const fits = (n: number): boolean => widthOf(word.slice(start, start + n)) <= width;
    let n = longestFitting(Math.min(guess, rest), rest, fits);
    if (n === 0) n = 1;
    if (n < rest && isHighSurrogate(word.charCodeAt(start + n - 1))) n += n === 1 ? 1 : -1;
    pieces.push(word.slice(start, start + n));
    start += n;
    guess = n;
  }
  return pieces;
}

/** The largest n in 0..max with fits(n) (fits(0) holds), searched from `guess` outwards, then by halving. */
function longestFitting(guess: number, max: number, fits: (n: number) => boolean): number {
  let lo: number;
  let hi: number;
  let step = 1;
  if (fits(guess)) {
    lo = guess;
    hi = max + 1;
    while (lo < max) {
      const next = Math.min(max, lo + step);
      if (!fits(next)) {
        hi = next;
        break;
      }
      lo = next;
      step *= 2;
    }
  } else {
    hi = guess;
    lo = 0;
    while (hi > 1) {
      const next = Math.max(1, hi - step);
      if (fits(next)) {
        lo = next;
        break;
      }
      hi = next;
      step *= 2;
    }
  }
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
