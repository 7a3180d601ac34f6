// Matching typed text against names (src/domain/search.ts): case and diacritics folded, umlauts also
// spelled out, and the names a typo away.
import { describe, expect, test } from 'vitest';
import { closestNames, editDistance, foldText, holdsText } from '../../src/domain/search.js';

describe('folding', () => {
  test('case and diacritics go; ß is ss', () => {
    expect(foldText('Erlös')).toBe('erlos');
    expect(foldText('ZÜRICH Café')).toBe('zurich cafe');
    expect(foldText('Straße')).toBe('strasse');
  });

  test('"erlo" and "erloes" both find "Erlöse"; case does not matter; other text does not', () => {
    for (const typed of ['erlo', 'ERLÖ', 'erloes', 'Erlöse', 'dienstleistungserlo'])
      expect(holdsText('Dienstleistungserlöse', typed), typed).toBe(true);
    expect(holdsText('Dienstleistungserlöse', 'erlx')).toBe(false);
    expect(holdsText('Übrige Erlöse', 'ubrige')).toBe(true);
    expect(holdsText('Übrige Erlöse', 'uebrige')).toBe(true);
  });
});

describe('closeness', () => {
  test('edits: insert, delete, replace, and a swap of neighbours counts one', () => {
    expect(editDistance('muster', 'mustr')).toBe(1);
    expect(editDistance('muster', 'msuter')).toBe(1);
    expect(editDistance('muster', 'muster')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  test('the closest names: holding the text first, then a few edits away; far ones left out', () => {
    const names = ['Muster AG', 'Beispiel GmbH', 'Muster Informatik AG', 'Meister AG', 'Zürcher Bank'];
    expect(closestNames(names, (n) => n, 'Mustr AG')).toEqual(['Muster AG', 'Meister AG']);
    expect(closestNames(names, (n) => n, 'muster')).toEqual(['Muster AG', 'Muster Informatik AG']);
    expect(closestNames(names, (n) => n, 'zurcher')).toEqual(['Zürcher Bank']);
    expect(closestNames(names, (n) => n, 'xyz')).toEqual([]);
    expect(closestNames(names, (n) => n, '')).toEqual([]);
  });
});
