// `acct products …` against the embedded service: every verb, money rendering, filters, name references
// and their errors, and `products count`.
import { beforeAll, describe, expect, test } from 'vitest';
import { secondTenant } from '../helpers/service.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { addCompany } from '../../src/server/main.js';
import { lines, tsv } from './support.js';

interface Product {
  id: number;
  name: string;
  description: string | null;
  price: number | null;
  formatted_price: string | null;
  unit: string | null;
  archived: boolean;
}

const cli = useCliAgainstService();
const { acct } = cli;
let emptyCompany: number;
let foreignProductId: number;

async function product(id: number): Promise<Product | undefined> {
  const res = await cli.svc.call('GET', `/companies/1/products/${id}`);
  return res.status === 200 ? res.body.data : undefined;
}

async function createProduct(body: Record<string, unknown>, company = 1): Promise<Product> {
  const res = await cli.svc.call('POST', `/companies/${company}/products`, body);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A company of its own holding exactly Webhosting, Beratungspaket, USB Kabel and the archived Altes Kabel. */
async function catalogue(): Promise<{ company: number; old: Product }> {
  const company = addCompany(cli.svc.server.db, 'Katalog AG', 1);
  await createProduct({ name: 'Webhosting', price: 1234.5, unit: 'Jahr', description: 'Ein Jahr' }, company);
  await createProduct({ name: 'Beratungspaket' }, company);
  await createProduct({ name: 'USB Kabel', price: 19.9, unit: 'Stück' }, company);
  const old = await createProduct({ name: 'Altes Kabel', price: 3 }, company);
  expect((await cli.svc.call('PUT', `/companies/${company}/products/${old.id}`, { archived: true })).status).toBe(200);
  return { company, old };
}

beforeAll(async () => {
  emptyCompany = addCompany(cli.svc.server.db, 'Leer AG', 1);
  const other = secondTenant(cli.svc);
  foreignProductId = (
    await cli.svc.call(
      'POST',
      `/companies/${other.company}/products`,
      { name: 'Fremdprodukt' },
      { token: other.user.token },
    )
  ).body.data.id;
});

describe('acct products create / get / list', () => {
  // the create tests write to company 1; the list and get tests read a catalogue of their own
  let company: number;
  let old: Product;
  beforeAll(async () => {
    ({ company, old } = await catalogue());
  });

  test('create sends the price as typed and prints the product', async () => {
    const r = await acct([
      'products',
      'create',
      '--name',
      'Webhosting',
      '--price',
      '1234.50',
      '--unit',
      'Jahr',
      '--description',
      'Ein Jahr',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({
      name: 'Webhosting',
      price: 1234.5,
      formatted_price: "CHF 1'234.50",
      unit: 'Jahr',
      description: 'Ein Jahr',
      archived: false,
    });
    expect(await product(created.id)).toEqual(created);
  });

  test('create with the name only; the tsv row shows empty cells for null', async () => {
    const r = await acct(['products', 'create', '--name', 'Beratungspaket']);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['id', 'name', 'price', 'unit', 'archived']);
    expect(rows[1].slice(1)).toEqual(['Beratungspaket', '', '', 'false']);
  });

  test('a price that is not a decimal is refused before any request (exit 2); out of range is exit 3', async () => {
    const bad = await acct(['products', 'create', '--name', 'Komma', '--price', '19,905']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--price');
    const big = await acct(['products', 'create', '--name', 'Zu teuer', '--price', '1000000']);
    expect(big.code).toBe(3);
    expect(big.stderr).toContain('price');
    const names = ((await cli.svc.call('GET', '/companies/1/products?per_page=100')).body.data as Product[]).map(
      (p) => p.name,
    );
    expect(names).not.toContain('Komma');
    expect(names).not.toContain('Zu teuer');
  });

  test('create without --name is a usage error (exit 2)', async () => {
    const r = await acct(['products', 'create', '--price', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
  });

  test('the table groups money the Swiss way; tsv, csv and json stay raw', async () => {
    const table = await acct(['products', 'list', '-o', 'table'], { company });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Webhosting\s+1'234\.50\s+Jahr\s+no/);
    expect(table.stdout).toMatch(/USB Kabel\s+19\.90\s+Stück/);
    expect((await acct(['products', 'list', '--fields', 'name,price'], { company })).stdout).toContain(
      'Webhosting\t1234.5\n',
    );
    expect(
      (await acct(['products', 'list', '-o', 'csv', '--fields', 'name,price,formatted_price'], { company })).stdout,
    ).toContain("Webhosting,1234.5,CHF 1'234.50\r\n");
    const json = JSON.parse((await acct(['products', 'list', '--json'], { company })).stdout) as Product[];
    expect(json.find((p) => p.name === 'USB Kabel')!.price).toBe(19.9);
  });

  test('list filters --name, --archived, --no-archived, --id and --sort', async () => {
    expect(
      lines((await acct(['products', 'list', '--name', 'kabel', '--fields', 'name'], { company })).stdout),
    ).toEqual(['name', 'USB Kabel', 'Altes Kabel']);
    expect(lines((await acct(['products', 'list', '--archived', '--fields', 'name'], { company })).stdout)).toEqual([
      'name',
      'Altes Kabel',
    ]);
    expect(
      lines(
        (await acct(['products', 'list', '--no-archived', '--name', 'kabel', '--fields', 'name'], { company })).stdout,
      ),
    ).toEqual(['name', 'USB Kabel']);
    expect(
      lines((await acct(['products', 'list', '--id', `${old.id}`, '--fields', 'name'], { company })).stdout),
    ).toEqual(['name', 'Altes Kabel']);
    expect(
      lines((await acct(['products', 'list', '--sort', '-price', '--fields', 'name'], { company })).stdout),
    ).toEqual(['name', 'Webhosting', 'USB Kabel', 'Altes Kabel', 'Beratungspaket']);
    expect(lines((await acct(['products', 'list', '--sort', 'name', '--fields', 'name'], { company })).stdout)).toEqual(
      ['name', 'Altes Kabel', 'Beratungspaket', 'USB Kabel', 'Webhosting'],
    );
    expect((await acct(['products', 'list', '--sort', 'created_at'], { company })).code).toBe(2);
    expect((await acct(['products', 'list', '--id', 'x'], { company })).code).toBe(2);
  });

  test('get by id and by exact name', async () => {
    const r = await acct(['products', 'get', 'usb kabel', '--json'], { company });
    expect(r.code, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout);
    expect(p.name).toBe('USB Kabel');
    expect(JSON.parse((await acct(['products', 'get', String(p.id), '--json'], { company })).stdout)).toEqual(p);
  });

  test('an unknown name is a usage error (exit 2) listing candidates', async () => {
    const r = await acct(['products', 'get', 'Kabel'], { company });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no product "Kabel"');
    expect(r.stderr).toMatch(/candidates: .*\(USB Kabel\).*\(Altes Kabel\)/);
  });

  test("another company's product id is not found (exit 5)", async () => {
    expect((await acct(['products', 'get', String(foreignProductId)])).code).toBe(5);
  });
});

describe('acct products update / delete', () => {
  test('update by name changes the flags given; --archived and --no-archived toggle', async () => {
    const p = await createProduct({ name: 'Lizenz', price: 100, unit: 'Jahr' });
    let r = await acct(['products', 'update', 'Lizenz', '--price', '264.50', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: p.id, price: 264.5, formatted_price: 'CHF 264.50', unit: 'Jahr' });
    r = await acct(['products', 'update', String(p.id), '--archived']);
    expect(r.code, r.stderr).toBe(0);
    expect((await product(p.id))!.archived).toBe(true);
    r = await acct(['products', 'update', 'Lizenz', '--no-archived']);
    expect(r.code, r.stderr).toBe(0);
    expect((await product(p.id))!.archived).toBe(false);
  });

  test('update --data clears the price with null', async () => {
    const p = await createProduct({ name: 'Ohne Preis', price: 9 });
    const r = await acct(['products', 'update', String(p.id), '--data', '-'], { input: '{"price":null}' });
    expect(r.code, r.stderr).toBe(0);
    expect(await product(p.id)).toMatchObject({ price: null, formatted_price: null });
  });

  test('a too long unit is a validation error (exit 3) and changes nothing', async () => {
    const p = await createProduct({ name: 'Einheit', unit: 'Stk' });
    const r = await acct(['products', 'update', 'Einheit', '--unit', 'u'.repeat(256)]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('unit');
    expect(await product(p.id)).toEqual(p);
  });

  test('delete by name with --yes; without it the CLI refuses', async () => {
    const p = await createProduct({ name: 'Wegwerf' });
    expect((await acct(['products', 'delete', 'Wegwerf'])).code).toBe(2);
    expect(await product(p.id)).toBeDefined();
    const r = await acct(['products', 'delete', 'Wegwerf', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted product ${p.id}.`);
    expect(await product(p.id)).toBeUndefined();
  });
});

describe('acct products count', () => {
  // a catalogue of its own: the other tests add products to company 1
  let company: number;
  beforeAll(async () => {
    ({ company } = await catalogue());
  });

  test('prints the bare number, archived included, in every output format', async () => {
    const total = (await cli.svc.call('GET', `/companies/${company}/products/count`)).body as number;
    expect(total).toBeGreaterThan(3);
    for (const extra of [[], ['--json'], ['-o', 'table'], ['-o', 'csv']]) {
      const r = await acct(['products', 'count', ...extra], { company });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${total}\n`);
    }
  });

  test('--archived and --no-archived count one side', async () => {
    const archived = (
      (await cli.svc.call('GET', `/companies/${company}/products?filter[archived]=true&per_page=100`)).body
        .data as Product[]
    ).length;
    const active = (
      (await cli.svc.call('GET', `/companies/${company}/products?filter[archived]=false&per_page=100`)).body
        .data as Product[]
    ).length;
    expect(archived).toBeGreaterThan(0);
    expect((await acct(['products', 'count', '--archived'], { company })).stdout).toBe(`${archived}\n`);
    expect((await acct(['products', 'count', '--no-archived'], { company })).stdout).toBe(`${active}\n`);
  });

  test('an empty company counts 0', async () => {
    const r = await acct(['products', 'count'], { company: emptyCompany });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('0\n');
  });
});
