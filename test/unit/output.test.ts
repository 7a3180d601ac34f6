import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UsageError } from '../../src/errors.js';
import {
  OUTPUT_FORMATS,
  createListRenderer,
  formatBool,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  renderRecord,
  resolveFormat,
  selectColumns,
  type Column,
  type OutputFormat,
  type RenderOptions,
} from '../../src/output/index.js';

// ---- helpers ---------------------------------------------------------------------------------------

class MemorySink {
  chunks: string[] = [];
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  get text(): string {
    return this.chunks.join('');
  }
}

const tagColumns: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'name', header: 'Name' },
  { key: 'color' },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'user_id', kind: 'int', default: false },
];

const invoiceColumns: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'number', header: 'Number' },
  { key: 'customer.name', header: 'Customer' },
  { key: 'date', kind: 'date' },
  { key: 'total', kind: 'money' },
  { key: 'paid', kind: 'bool' },
  { key: 'notes', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'minutes', kind: 'duration', default: false },
  { key: 'tags', default: false },
  { key: 'meta', kind: 'json', default: false },
];

const invoices: Record<string, unknown>[] = [
  {
    id: 1,
    number: 'RE-2024-001',
    customer: { id: 7, name: 'Muster AG' },
    date: '2024-03-05',
    total: '1234.50',
    paid: true,
    notes: null,
    created_at: '2024-03-05T09:15:00Z',
    minutes: 90,
    tags: [
      { id: 1, name: 'VIP' },
      { id: 2, name: 'Zürich' },
    ],
    meta: { a: 1 },
  },
  {
    id: 22,
    number: 'RE-2024-002',
    customer: { id: 8, name: 'Beispiel GmbH' },
    date: '2024-12-31',
    total: '-50',
    paid: false,
    notes: 'line1\nline2',
    created_at: '2024-12-31T22:30:00Z',
    minutes: 5,
    tags: [],
    meta: null,
  },
];

function list(opts: Omit<RenderOptions, 'out'>, pages: Record<string, unknown>[][]): MemorySink {
  const out = new MemorySink();
  const r = createListRenderer({ ...opts, out });
  for (const p of pages) r.push(p);
  r.end();
  return out;
}

function record(rec: Record<string, unknown>, opts: Omit<RenderOptions, 'out'>): string {
  const out = new MemorySink();
  renderRecord(rec, { ...opts, out });
  return out.text;
}

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

// Datetimes are shown in the company's zone (Europe/Zurich) whatever zone the machine is in: run in another.
const savedTZ = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (savedTZ === undefined) delete process.env.TZ;
  else process.env.TZ = savedTZ;
});

// ---- formats ---------------------------------------------------------------------------------------

describe('resolveFormat', () => {
  it('defaults to table on a TTY and tsv when piped', () => {
    expect(resolveFormat(undefined, true)).toBe('table');
    expect(resolveFormat(undefined, false)).toBe('tsv');
  });
  it('keeps a requested format', () => {
    expect(resolveFormat('json', true)).toBe('json');
    expect(resolveFormat('table', false)).toBe('table');
  });
  it('lists the five formats', () => {
    expect([...OUTPUT_FORMATS]).toEqual(['table', 'tsv', 'json', 'ndjson', 'csv']);
  });
});

// ---- money -----------------------------------------------------------------------------------------

describe('formatMoney', () => {
  it.each<[string | number | null | undefined, string]>([
    [0, '0.00'],
    ['0', '0.00'],
    ['0.00', '0.00'],
    [1234.5, "1'234.50"],
    ['1234.5', "1'234.50"],
    ['1234.50', "1'234.50"],
    [-1234.5, "-1'234.50"],
    ['-1234.50', "-1'234.50"],
    [1000000, "1'000'000.00"],
    ['1000000', "1'000'000.00"],
    [999.999, "1'000.00"],
    ['999999.995', "1'000'000.00"],
    [100, '100.00'],
    [1000, "1'000.00"],
    [12, '12.00'],
    [0.5, '0.50'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['+7', '7.00'],
    [' 12.3 ', '12.30'],
    ['007', '7.00'],
  ])('%j → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('rounds half up on the 3rd decimal without float arithmetic', () => {
    expect(formatMoney(1234.005)).toBe("1'234.01"); // as a float this is 1234.00499999…
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('1.00499999')).toBe('1.00');
    expect(formatMoney('2.675')).toBe('2.68');
    expect(formatMoney(-1.005)).toBe('-1.01'); // half away from zero
    expect(formatMoney('-0.125')).toBe('-0.13');
  });

  it('handles float noise given as numbers', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney(0.3 - 0.1)).toBe('0.20');
    expect(formatMoney(1.1 * 3)).toBe('3.30');
  });

  it('accepts strings with many decimals', () => {
    expect(formatMoney('1234.56789')).toBe("1'234.57");
    expect(formatMoney('1234.56489999999')).toBe("1'234.56");
    expect(formatMoney('98765432109876543210.123456789')).toBe("98'765'432'109'876'543'210.12");
  });

  it('never prints -0.00', () => {
    expect(formatMoney(-0)).toBe('0.00');
    expect(formatMoney('-0')).toBe('0.00');
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('-0.004')).toBe('0.00');
    expect(formatMoney(-0.001)).toBe('0.00');
    expect(formatMoney('-0.005')).toBe('-0.01');
  });

  it('expands exponent notation', () => {
    expect(formatMoney(1e21)).toBe("1'000'000'000'000'000'000'000.00");
    expect(formatMoney(1e-7)).toBe('0.00');
    expect(formatMoney('1.5e3')).toBe("1'500.00");
    expect(formatMoney('5e-3')).toBe('0.01');
  });

  it('passes through empty and non-numeric input', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney('1,5')).toBe('1,5');
    expect(formatMoney('1e99999999')).toBe('1e99999999');
    expect(formatMoney(Number.NaN)).toBe('NaN');
  });

  it('property: apostrophes removed gives back the integer-built decimal string', () => {
    // Build "n/100 with 2 decimals" from integer Rappen with integer math only.
    const fromRappen = (n: bigint): string => {
      const neg = n < 0n;
      const abs = (neg ? -n : n).toString().padStart(3, '0');
      return `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (n) => {
        const s = fromRappen(n);
        const formatted = formatMoney(s);
        expect(formatted.replaceAll("'", '')).toBe(s);
        expect(formatted).toMatch(/^-?\d{1,3}('\d{3})*\.\d{2}$/);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (n) => {
        expect(formatMoney(fromRappen(BigInt(n))).replaceAll("'", '')).toBe(fromRappen(BigInt(n)));
      }),
    );
  });
});

// ---- other formatting helpers -------------------------------------------------------------------

describe('formatDate / formatDateTime / formatDuration / formatBool', () => {
  it('formats dates as dd.mm.yyyy', () => {
    expect(formatDate('2024-03-05')).toBe('05.03.2024');
    expect(formatDate('1999-12-31')).toBe('31.12.1999');
    expect(formatDate('2024-03-05T10:00:00Z')).toBe('05.03.2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });

  it("formats datetimes in the company's time zone, whatever the machine's", () => {
    expect(formatDateTime('2024-03-05T09:15:00Z')).toBe('05.03.2024 10:15'); // CET
    expect(formatDateTime('2024-07-01T09:15:00Z')).toBe('01.07.2024 11:15'); // CEST
    expect(formatDateTime('2024-12-31T23:30:00Z')).toBe('01.01.2025 00:30'); // crosses the year
    expect(formatDateTime('2024-03-05T09:15:00+01:00')).toBe('05.03.2024 09:15');
    expect(formatDateTime('2024-03-05T09:15:00.123456Z')).toBe('05.03.2024 10:15');
    expect(formatDateTime('2024-03-05')).toBe('05.03.2024');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('never')).toBe('never');
    expect(formatDateTime('2024-13-45T99:99:00Z')).toBe('2024-13-45T99:99:00Z');
  });

  it('formats durations (minutes) as H:MM', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(6001)).toBe('100:01');
    expect(formatDuration(-30)).toBe('-0:30');
    expect(formatDuration('75')).toBe('1:15');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration('abc')).toBe('abc');
  });

  it('formats booleans as yes/no', () => {
    expect(formatBool(true)).toBe('yes');
    expect(formatBool(false)).toBe('no');
    expect(formatBool(null)).toBe('');
    expect(formatBool(undefined)).toBe('');
  });
});

// ---- field selection -------------------------------------------------------------------------------

describe('selectColumns', () => {
  it('returns the default columns without --fields', () => {
    expect(selectColumns(tagColumns).map((c) => c.key)).toEqual(['id', 'name', 'color']);
  });

  it('selects and orders by --fields, including non-default columns', () => {
    expect(selectColumns(tagColumns, ['user_id', 'name']).map((c) => c.key)).toEqual(['user_id', 'name']);
  });

  it('keeps duplicates once, at their first position', () => {
    expect(selectColumns(tagColumns, ['name', 'id', 'name', 'id']).map((c) => c.key)).toEqual(['name', 'id']);
  });

  it('ignores blanks around names', () => {
    expect(selectColumns(tagColumns, [' id', 'name ']).map((c) => c.key)).toEqual(['id', 'name']);
  });

  it('matches exactly (case-sensitive)', () => {
    const e = usageError(() => selectColumns(tagColumns, ['ID']));
    expect(e.message).toBe('unknown field "ID" for --fields; available: id, name, color, company_id, user_id');
  });

  it('names an unknown field and lists the available ones', () => {
    const e = usageError(() => selectColumns(tagColumns, ['id', 'foo']));
    expect(e.message).toBe('unknown field "foo" for --fields; available: id, name, color, company_id, user_id');
    // the fields are listed once, in the message
    expect(e.details).toEqual([]);
    expect(e.exitCode).toBe(2);
  });

  it('names every unknown field', () => {
    const e = usageError(() => selectColumns(tagColumns, ['foo', 'bar', 'foo']));
    expect(e.message).toBe('unknown fields "foo", "bar" for --fields; available: id, name, color, company_id, user_id');
  });

  it('rejects an empty field name and an empty list', () => {
    expect(usageError(() => selectColumns(tagColumns, ['id', ''])).message).toBe(
      'empty field name in --fields; available: id, name, color, company_id, user_id',
    );
    expect(usageError(() => selectColumns(tagColumns, ['id', '  '])).message).toMatch(/^empty field name/);
    expect(usageError(() => selectColumns(tagColumns, [])).message).toMatch(/^--fields needs at least one field name/);
  });

  it('validates when the renderer is created, before anything is written', () => {
    for (const format of OUTPUT_FORMATS) {
      const out = new MemorySink();
      usageError(() => createListRenderer({ format, columns: tagColumns, fields: ['nope'], out }));
      usageError(() => renderRecord({ id: 1 }, { format, columns: tagColumns, fields: ['nope'], out }));
      expect(out.text).toBe('');
    }
  });
});

// ---- tsv -------------------------------------------------------------------------------------------

describe('tsv', () => {
  it('prints a header of keys and raw values', () => {
    const out = list({ format: 'tsv', columns: invoiceColumns }, [invoices]);
    expect(out.text).toBe(
      'id\tnumber\tcustomer.name\tdate\ttotal\tpaid\n' +
        '1\tRE-2024-001\tMuster AG\t2024-03-05\t1234.50\ttrue\n' +
        '22\tRE-2024-002\tBeispiel GmbH\t2024-12-31\t-50\tfalse\n',
    );
  });

  it('escapes tabs, newlines, CR and backslashes', () => {
    const cols: Column[] = [{ key: 'a' }, { key: 'b' }];
    const out = list({ format: 'tsv', columns: cols }, [[{ a: 'x\ty\nz\r\\w', b: 'C:\\temp\\n' }]]);
    expect(out.text).toBe('a\tb\nx\\ty\\nz\\r\\\\w\tC:\\\\temp\\\\n\n');
  });

  it('streams: header with the first page, rows per page', () => {
    const out = new MemorySink();
    const r = createListRenderer({ format: 'tsv', columns: tagColumns, out });
    r.push([{ id: 1, name: 'a', color: '#f00' }]);
    expect(out.text).toBe('id\tname\tcolor\n1\ta\t#f00\n');
    r.push([
      { id: 2, name: 'b', color: null },
      { id: 3, name: 'c' },
    ]);
    r.push([]);
    r.end();
    expect(out.text).toBe('id\tname\tcolor\n1\ta\t#f00\n2\tb\t\n3\tc\t\n');
    expect(out.chunks).toHaveLength(2);
  });

  it('prints the header row for an empty list', () => {
    expect(list({ format: 'tsv', columns: tagColumns }, []).text).toBe('id\tname\tcolor\n');
    expect(list({ format: 'tsv', columns: tagColumns }, [[], []]).text).toBe('id\tname\tcolor\n');
  });

  it('orders by --fields and follows dot paths', () => {
    const out = list({ format: 'tsv', columns: invoiceColumns, fields: ['customer.name', 'id'] }, [invoices]);
    expect(out.text).toBe('customer.name\tid\nMuster AG\t1\nBeispiel GmbH\t22\n');
  });

  it('never colours or truncates', () => {
    const long = 'x'.repeat(200);
    const out = list({ format: 'tsv', columns: tagColumns, color: true, terminalWidth: 20 }, [[{ id: 1, name: long }]]);
    expect(out.text).toBe(`id\tname\tcolor\n1\t${long}\t\n`);
  });
});

describe('raw values (tsv)', () => {
  const cols: Column[] = [
    { key: 'id', kind: 'int' },
    { key: 'notes' },
    { key: 'customer' },
    { key: 'tags' },
    { key: 'meta', kind: 'json' },
    { key: 'created_at', kind: 'datetime' },
    { key: 'missing' },
  ];
  it('prints null/missing empty, objects/arrays as compact JSON, ISO dates unchanged', () => {
    const out = list({ format: 'tsv', columns: cols }, [invoices]);
    expect(out.text).toBe(
      'id\tnotes\tcustomer\ttags\tmeta\tcreated_at\tmissing\n' +
        '1\t\t{"id":7,"name":"Muster AG"}\t[{"id":1,"name":"VIP"},{"id":2,' +
        '"name":"Zürich"}]\t{"a":1}\t2024-03-05T09:15:00Z\t\n' +
        '22\tline1\\nline2\t{"id":8,"name":"Beispiel GmbH"}\t[]\t\t2024-12-31T22:30:00Z\t\n',
    );
  });
});

// ---- csv -------------------------------------------------------------------------------------------

describe('csv', () => {
  it('prints RFC 4180 with CRLF, a header of keys and raw values', () => {
    const out = list({ format: 'csv', columns: invoiceColumns }, [invoices]);
    expect(out.text).toBe(
      'id,number,customer.name,date,total,paid\r\n' +
        '1,RE-2024-001,Muster AG,2024-03-05,1234.50,true\r\n' +
        '22,RE-2024-002,Beispiel GmbH,2024-12-31,-50,false\r\n',
    );
  });

  it('quotes only when needed', () => {
    const cols: Column[] = [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }];
    const out = list({ format: 'csv', columns: cols }, [
      [{ a: 'Muster, AG', b: 'say "hi"', c: 'l1\nl2', d: 'plain' }],
      [{ a: null, b: { x: 1, y: 'z' }, c: [1, 2], d: ' pad' }],
    ]);
    expect(out.text).toBe(
      'a,b,c,d\r\n' + '"Muster, AG","say ""hi""","l1\nl2",plain\r\n' + ',"{""x"":1,""y"":""z""}","[1,2]"," pad"\r\n',
    );
  });

  it('streams page by page with one header', () => {
    const out = new MemorySink();
    const r = createListRenderer({ format: 'csv', columns: tagColumns, out });
    r.push([{ id: 1, name: 'a', color: 'red' }]);
    expect(out.text).toBe('id,name,color\r\n1,a,red\r\n');
    r.push([{ id: 2, name: 'b', color: 'blue' }]);
    r.end();
    expect(out.text).toBe('id,name,color\r\n1,a,red\r\n2,b,blue\r\n');
    expect(out.chunks).toHaveLength(2);
  });

  it('prints the header for an empty list', () => {
    expect(list({ format: 'csv', columns: tagColumns }, []).text).toBe('id,name,color\r\n');
  });

  it('keeps a lone empty field visible', () => {
    expect(list({ format: 'csv', columns: tagColumns, fields: ['color'] }, [[{ id: 1 }]]).text).toBe('color\r\n""\r\n');
  });

  it('does not mangle negative amounts', () => {
    expect(list({ format: 'csv', columns: invoiceColumns, fields: ['total'] }, [[{ total: '-12.50' }]]).text).toBe(
      'total\r\n-12.50\r\n',
    );
  });
});

// ---- json ------------------------------------------------------------------------------------------

describe('json', () => {
  it('prints one pretty array of every record, as the API returned it', () => {
    const recs = [
      { id: 1, name: 'a', extra: { deep: [1, 2] } },
      { id: 2, name: 'b', extra: null },
    ];
    const out = list({ format: 'json', columns: tagColumns }, [recs]);
    expect(out.text).toBe(`${JSON.stringify(recs, null, 2)}\n`);
    expect(out.text).toBe(
      '[\n' +
        '  {\n' +
        '    "id": 1,\n' +
        '    "name": "a",\n' +
        '    "extra": {\n' +
        '      "deep": [\n' +
        '        1,\n' +
        '        2\n' +
        '      ]\n' +
        '    }\n' +
        '  },\n' +
        '  {\n' +
        '    "id": 2,\n' +
        '    "name": "b",\n' +
        '    "extra": null\n' +
        '  }\n' +
        ']\n',
    );
  });

  it('streams across pages and stays one valid array', () => {
    const out = new MemorySink();
    const r = createListRenderer({ format: 'json', columns: tagColumns, out });
    r.push([{ id: 1 }]);
    expect(out.text).toBe('[\n  {\n    "id": 1\n  }');
    r.push([{ id: 2 }, { id: 3 }]);
    r.push([]);
    r.end();
    expect(out.text).toBe('[\n  {\n    "id": 1\n  },\n  {\n    "id": 2\n  },\n  {\n    "id": 3\n  }\n]\n');
    expect(JSON.parse(out.text)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('prints [] for an empty list', () => {
    expect(list({ format: 'json', columns: tagColumns }, []).text).toBe('[]\n');
    expect(list({ format: 'json', columns: tagColumns }, [[], []]).text).toBe('[]\n');
  });

  it('selects --fields in order, dot paths as flat keys, missing as null', () => {
    const out = list({ format: 'json', columns: invoiceColumns, fields: ['customer.name', 'id', 'notes'] }, [invoices]);
    expect(out.text).toBe(
      '[\n' +
        '  {\n    "customer.name": "Muster AG",\n    "id": 1,\n    "notes": null\n  },\n' +
        '  {\n    "customer.name": "Beispiel GmbH",\n    "id": 22,\n    "notes": "line1\\nline2"\n  }\n' +
        ']\n',
    );
  });

  it('keeps raw values (no Swiss formatting)', () => {
    const out = list({ format: 'json', columns: invoiceColumns, fields: ['total', 'date', 'paid', 'tags'] }, [
      [invoices[0]],
    ]);
    expect(JSON.parse(out.text)).toEqual([
      {
        total: '1234.50',
        date: '2024-03-05',
        paid: true,
        tags: [
          { id: 1, name: 'VIP' },
          { id: 2, name: 'Zürich' },
        ],
      },
    ]);
  });
});

// ---- ndjson ----------------------------------------------------------------------------------------

describe('ndjson', () => {
  it('prints one compact record per line', () => {
    const out = list({ format: 'ndjson', columns: tagColumns }, [[{ id: 1, name: 'a\nb' }], [{ id: 2, x: [1] }]]);
    expect(out.text).toBe('{"id":1,"name":"a\\nb"}\n{"id":2,"x":[1]}\n');
    expect(out.chunks).toHaveLength(2);
  });

  it('selects --fields like json', () => {
    const out = list({ format: 'ndjson', columns: invoiceColumns, fields: ['number', 'customer.name'] }, [invoices]);
    expect(out.text).toBe(
      '{"number":"RE-2024-001","customer.name":"Muster AG"}\n{"number":"RE-2024-002","customer.name":"Beispiel ' +
        'GmbH"}\n',
    );
  });

  it('prints nothing for an empty list', () => {
    expect(list({ format: 'ndjson', columns: tagColumns }, []).text).toBe('');
  });
});

// ---- table -----------------------------------------------------------------------------------------

describe('table', () => {
  it('prints a borderless table with UPPERCASE headers and Swiss values', () => {
    const out = list({ format: 'table', columns: invoiceColumns }, [invoices]);
    expect(out.text).toBe(
      `${[
        'ID  NUMBER       CUSTOMER       DATE           TOTAL  PAID',
        " 1  RE-2024-001  Muster AG      05.03.2024  1'234.50  yes",
        '22  RE-2024-002  Beispiel GmbH  31.12.2024    -50.00  no',
      ].join('\n')}\n`,
    );
    expect(out.text).not.toMatch(/[│─┌┐└┘├┤┬┴┼|]/);
    expect(out.text).not.toContain('\x1b[');
  });

  it('formats every kind for humans', () => {
    const out = list(
      {
        format: 'table',
        columns: invoiceColumns,
        fields: ['id', 'created_at', 'minutes', 'tags', 'customer.name', 'meta', 'notes'],
      },
      [invoices],
    );
    expect(out.text).toBe(
      `${[
        'ID  CREATED_AT        MINUTES  TAGS         CUSTOMER       META     NOTES',
        ' 1  05.03.2024 10:15     1:30  VIP, Zürich  Muster AG      {"a":1}',
        '22  31.12.2024 23:30     0:05               Beispiel GmbH           line1 line2',
      ].join('\n')}\n`,
    );
  });

  it('shows objects by name, number or id, else compact JSON; arrays joined', () => {
    const cols: Column[] = [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }, { key: 'e' }, { key: 'f' }];
    const out = list({ format: 'table', columns: cols }, [
      [
        {
          a: { name: 'N', id: 1 },
          b: { number: 'R-1', id: 2 },
          c: { id: 3 },
          d: { x: 1 },
          e: ['x', 2, true],
          f: [{ x: 1 }],
        },
      ],
    ]);
    expect(out.text).toBe('A  B    C  D        E          F\nN  R-1  3  {"x":1}  x, 2, yes  [{"x":1}]\n');
  });

  it('buffers until end() and prints nothing for an empty list', () => {
    const out = new MemorySink();
    const r = createListRenderer({ format: 'table', columns: tagColumns, out });
    r.push([{ id: 1, name: 'a', color: 'red' }]);
    r.push([{ id: 100, name: 'bbb', color: 'blue' }]);
    expect(out.text).toBe('');
    r.end();
    expect(out.text).toBe(' ID  NAME  COLOR\n  1  a     red\n100  bbb   blue\n');
    expect(list({ format: 'table', columns: tagColumns }, []).text).toBe('');
    expect(list({ format: 'table', columns: tagColumns }, [[], []]).text).toBe('');
  });

  it('uses colour only when allowed: bold headers', () => {
    const out = list({ format: 'table', columns: tagColumns, color: true }, [[{ id: 1, name: 'a', color: 'red' }]]);
    expect(out.text).toBe('\x1b[1mID\x1b[22m  \x1b[1mNAME\x1b[22m  \x1b[1mCOLOR\x1b[22m\n 1  a     red\n');
  });

  it('a name wider than the terminal: cut to 16 characters before a column is left out, then further', () => {
    const rows = [{ id: 1, name: 'A very long customer name that does not fit', color: 'red' }];
    const hidden: string[][] = [];
    expect(list({ format: 'table', columns: tagColumns, terminalWidth: 30 }, [rows]).text).toBe(
      'ID  NAME                 COLOR\n 1  A very long custom…  red\n',
    );
    const out = list({ format: 'table', columns: tagColumns, terminalWidth: 20, notice: (l) => hidden.push([l]) }, [
      rows,
    ]);
    expect(out.text).toBe('ID  NAME\n 1  A very long cus…\n');
    for (const line of out.text.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(20);
    expect(hidden).toEqual([['(left out to fit the terminal: color; --fields chooses the columns)']]);
    // without a width nothing is cut
    expect(list({ format: 'table', columns: tagColumns }, [rows]).text).toContain(
      'A very long customer name that does not fit',
    );
  });

  const projectColumns: Column[] = [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'customer.name', header: 'customer' },
    { key: 'notes' },
    { key: 'budget', kind: 'money' },
    { key: 'archived', kind: 'bool' },
  ];
  const projects = [
    {
      id: 1,
      name: 'Muster AG Website Relaunch',
      customer: { name: 'Muster AG, Zürich' },
      notes: 'Startseite, Shop, Blog und Newsletter',
      budget: 12000,
      archived: false,
    },
    {
      id: 12345,
      name: 'Intern',
      customer: { name: 'Eigene Firma' },
      notes: 'Buchhaltung',
      budget: null,
      archived: true,
    },
  ];

  it('fits the terminal by shrinking the least useful text first and never cutting the name', () => {
    const out = list({ format: 'table', columns: projectColumns, terminalWidth: 90 }, [projects]);
    const lines = out.text.trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(90);
    expect(lines).toHaveLength(3); // headers do not wrap
    expect(lines[1]).toContain('Muster AG Website Relaunch');
    // the rightmost text (notes) gives way before the customer
    expect(lines[1]).toContain('Muster AG, Zürich');
    expect(lines[1]).toContain("Startseite, Sh…  12'000.00");
  });

  it('leaves out free text when shrinking is not enough, before amounts, and says so; --fields keeps them', () => {
    const said: string[] = [];
    const out = list({ format: 'table', columns: projectColumns, terminalWidth: 50, notice: (l) => said.push(l) }, [
      projects,
    ]);
    const lines = out.text.trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
    expect(lines[0]).toBe('   ID  NAME                       BUDGET  ARCHIVED');
    expect(lines[1]).toBe("    1  Muster AG Website Rel…  12'000.00  no");
    expect(said).toEqual(['(left out to fit the terminal: customer.name, notes; --fields chooses the columns)']);
    const chosen = list(
      {
        format: 'table',
        columns: projectColumns,
        fields: ['id', 'name', 'budget', 'archived'],
        terminalWidth: 20,
        notice: (l) => said.push(l),
      },
      [projects],
    );
    expect(chosen.text.split('\n')[0]).toMatch(/BUDGET\s+ARCHIVED$/);
    expect(said).toHaveLength(1);
  });

  it('names the columns it leaves out by the keys --fields takes, not by their headers', () => {
    const said: string[] = [];
    const columns: Column[] = [
      { key: 'id', kind: 'int' },
      { key: 'name' },
      { key: 'customer.name', header: 'customer' },
      { key: 'total_value', header: 'value', kind: 'money' },
    ];
    const out = list({ format: 'table', columns, terminalWidth: 30, notice: (l) => said.push(l) }, [
      projects.map((p) => ({ ...p, total_value: p.budget })),
    ]);
    expect(out.text.split('\n')[0]).toBe('   ID  NAME');
    expect(said).toEqual(['(left out to fit the terminal: customer.name, total_value; --fields chooses the columns)']);
  });

  it('does not truncate numbers or dates, nor text below its header width', () => {
    const out = list(
      { format: 'table', columns: invoiceColumns, fields: ['customer.name', 'total'], terminalWidth: 12 },
      [[{ customer: { name: 'Muster AG, Zürich' }, total: '1234567.891' }]],
    );
    expect(out.text).toBe("CUSTOMER         TOTAL\nMuster …  1'234'567.89\n");
  });

  const accountColumns: Column[] = [
    { key: 'number', kind: 'int' },
    { key: 'name' },
    { key: 'type' },
    { key: 'currency' },
    { key: 'iban' },
    { key: 'is_primary_bank_account', header: 'primary', kind: 'bool' },
  ];
  const bank = {
    number: 1030,
    name: 'UBS Geschäftskonto Zürich Hauptsitz',
    type: 'bank',
    currency: 'CHF',
    iban: 'CH9300762011623852957',
    is_primary_bank_account: false,
  };

  it('keeps codes whole: the name shrinks (to 16 characters) before a currency or an IBAN is cut or left out', () => {
    const said: string[] = [];
    const out = list({ format: 'table', columns: accountColumns, terminalWidth: 64, notice: (l) => said.push(l) }, [
      [bank],
    ]);
    expect(out.text).toBe(
      'NUMBER  NAME               TYPE  CURRENCY  IBAN\n  1030  UBS Geschäftskon…  bank  CHF       ' +
        'CH9300762011623852957\n',
    );
    expect(said).toEqual(['(left out to fit the terminal: is_primary_bank_account; --fields chooses the columns)']);
    // narrower still: the name stops at 16 characters and the rightmost code is left out, never cut
    const narrow = list({ format: 'table', columns: accountColumns, terminalWidth: 40 }, [[bank]]);
    expect(narrow.text).toBe('NUMBER  NAME              TYPE  CURRENCY\n  1030  UBS Geschäftsko…  bank  CHF\n');
  });

  it('keeps a status, a document number and a VAT rate name whole; free text gives way first', () => {
    const columns: Column[] = [
      { key: 'number' },
      { key: 'customer.name', header: 'customer' },
      { key: 'title' },
      { key: 'status' },
      { key: 'tax_rate.name', header: 'VAT' },
      { key: 'total', kind: 'money' },
    ];
    const row = {
      number: 'R-2026-001',
      customer: { name: 'Muster Informatik AG, Zürich' },
      title: 'Website Relaunch Phase 2',
      status: 'reminder_one',
      tax_rate: { name: 'MWST 8.1 %' },
      total: '2416.04',
    };
    const out = list({ format: 'table', columns, terminalWidth: 80 }, [[row]]);
    const line = out.text.split('\n')[1];
    expect([...line].length).toBeLessThanOrEqual(80);
    for (const code of ['R-2026-001', 'reminder_one', 'MWST 8.1 %', "2'416.04"]) expect(line).toContain(code);
    // the customer (free text) gave way before the title a user types
    expect(line).toContain('R-2026-001  Muster …  Website Relaunch Phas…  reminder_one');
  });

  it("a column marked keep is not left out: days give way to the week's total", () => {
    const columns: Column[] = [
      { key: 'project' },
      ...['mon', 'tue', 'wed', 'thu', 'fri'].map((key): Column => ({ key, header: `${key} 12.05.`, kind: 'duration' })),
      { key: 'total', kind: 'duration', keep: true },
    ];
    const said: string[] = [];
    const out = list({ format: 'table', columns, terminalWidth: 50, notice: (l) => said.push(l) }, [
      [{ project: 'Website', mon: 90, tue: 60, wed: 30, thu: 0, fri: 45, total: 225 }],
    ]);
    expect(out.text.split('\n')[0]).toBe('PROJECT  MON 12.05.  TUE 12.05.  WED 12.05.  TOTAL');
    expect(said).toEqual(['(left out to fit the terminal: thu, fri; --fields chooses the columns)']);
  });
});

// ---- single records --------------------------------------------------------------------------------

describe('renderRecord', () => {
  const rec = invoices[1];

  it('json: the whole object, pretty, with a trailing newline', () => {
    expect(record(rec, { format: 'json', columns: invoiceColumns })).toBe(`${JSON.stringify(rec, null, 2)}\n`);
  });

  it('json: field-selected', () => {
    expect(record(rec, { format: 'json', columns: invoiceColumns, fields: ['id', 'customer.name'] })).toBe(
      '{\n  "id": 22,\n  "customer.name": "Beispiel GmbH"\n}\n',
    );
  });

  it('table: a vertical FIELD/VALUE listing', () => {
    expect(record(rec, { format: 'table', columns: invoiceColumns })).toBe(
      `${[
        'ID        22',
        'NUMBER    RE-2024-002',
        'CUSTOMER  Beispiel GmbH',
        'DATE      31.12.2024',
        'TOTAL     -50.00',
        'PAID      no',
      ].join('\n')}\n`,
    );
  });

  it('table: selected fields, multi-line values kept, colour on labels', () => {
    expect(record(rec, { format: 'table', columns: invoiceColumns, fields: ['notes', 'minutes'], color: true })).toBe(
      '\x1b[1mNOTES\x1b[22m    line1\n         line2\n\x1b[1mMINUTES\x1b[22m  0:05\n',
    );
  });

  it.each<[OutputFormat, string]>([
    ['tsv', 'id\tcustomer.name\n22\tBeispiel GmbH\n'],
    ['csv', 'id,customer.name\r\n22,Beispiel GmbH\r\n'],
    ['ndjson', '{"id":22,"customer.name":"Beispiel GmbH"}\n'],
  ])('%s: same as a one-row list', (format, expected) => {
    expect(record(rec, { format, columns: invoiceColumns, fields: ['id', 'customer.name'] })).toBe(expected);
  });
});
