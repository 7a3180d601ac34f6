// Matching what a person types against names as bookkeepers write them: case and diacritics folded
// ("erlo" finds "Erlös", and so does "erloes"), and how far a name is from a typo ("Mustr AG" is close
// to "Muster AG"), for searches and for the candidates a reference that matches nothing offers.

/** Lower case without diacritics: "Erlös" → "erlos", "Zürich" → "zurich", "ß" → "ss". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
}

/** The German spelling of umlauts without them: "Erlös" → "erloes" (folded otherwise like foldText). */
const umlautsSpelledOut = (text: string): string =>
  foldText(text.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue'));

/** Does `haystack` hold `needle`, case and diacritics folded ("erlo" and "erloes" both find "Erlöse")? */
export function holdsText(haystack: string, needle: string): boolean {
  const n = foldText(needle.trim());
  return foldText(haystack).includes(n) || umlautsSpelledOut(haystack).includes(n);
}

/** Edits (insert, delete, replace, swap of neighbours) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i].push(d);
    }
  }
  return rows[a.length][b.length];
}

/**
 * The names closest to `typed`, best first: those holding it (folded) before those a few edits away
 * (at most a third of the longer text); `limit` at most. Names that are neither are left out.
 */
export function closestNames<T>(items: readonly T[], nameOf: (item: T) => string, typed: string, limit = 15): T[] {
  const t = foldText(typed.trim());
  if (t === '') return [];
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const name = nameOf(item);
    if (holdsText(name, typed)) {
      scored.push({ item, score: 0 });
      continue;
    }
    const n = foldText(name);
    const distance = editDistance(t, n);
    if (distance <= Math.max(1, Math.floor(Math.max(t.length, n.length) / 3))) scored.push({ item, score: distance });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.item);
}
