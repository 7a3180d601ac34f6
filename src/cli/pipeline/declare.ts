// Declares `acct <group> export` and `acct <group> import FILE` for a group that has a CSV column map
// (its csv.ts). Declaring is cheap; the map and the pipeline load when the verb runs.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { addFilterFlags, examplesText } from '../resource/declare.js';
import type { FilterFlag } from '../resource/spec.js';
import { claimOutputFormat } from '../globals.js';
import { verbIO, verbOptions, type Action } from '../verb.js';
import type { CsvMap } from './map.js';

export interface PipelineVerbs {
  /** the plural for help texts, e.g. "bookings" */
  what: string;
  /** the group's column map (its csv.ts, loaded on use) */
  map: () => Promise<CsvMap>;
  /** the list filters the export takes */
  filters: FilterFlag[];
  /** the API's own CSV import, still reachable as `import --via-api` (the file sent as it is) */
  viaApi?: { action: Action; help: string };
  /** `-o ledger`: an hledger/ledger journal (bookings) */
  ledger?: boolean;
  /** examples beyond the generated ones */
  examples?: { export?: string[]; import?: string[] };
}

const run =
  (load: (cmd: Command) => Promise<void>): Action =>
  async (...params) =>
    load(params[params.length - 1] as Command);

export function declarePipeline(group: Command, v: PipelineVerbs): void {
  const g = group.name();
  const examples = {
    export: [
      `acct ${g} export --out ${g}.csv`,
      `acct ${g} export --excel --out ${g}.csv`,
      ...(v.examples?.export ?? []),
    ],
    import: [`acct ${g} import ${g}.csv --dry-run`, `acct ${g} import ${g}.csv`, ...(v.examples?.import ?? [])],
  };
  const exportCmd = addFilterFlags(
    group
      .command('export')
      .description(
        `write ${v.what} as CSV${v.ledger ? ' (or, with -o ledger, as an hledger journal)' : ''}: stdout or --out FILE`,
      ),
    v.filters,
  )
    .option('--out <file>', 'write to this file (it appears when complete) instead of stdout')
    .option('--force', 'replace --out FILE when it exists (otherwise exit 6)')
    .option('--excel', 'for Excel: a UTF-8 byte order mark and ";" between cells (opens with a double click)')
    .addHelpText(
      'after',
      `${examplesText(examples.export)}
Columns: id, then the fields an import writes; references as you type them (account and customer
numbers, names, id:N where a name is ambiguous); ISO dates, decimals with a point. docs/csv.md lists them.`,
    )
    .action(
      run(async (cmd) => {
        const options = verbOptions(cmd);
        // -o ledger: the journal's own writer (which takes the CSV export's query and sink)
        const [{ runExport }, map] = await Promise.all([
          options.ledger
            ? import('./ledger.js').then((m) => ({ runExport: m.runLedgerExport }))
            : import('./export.js'),
          v.map(),
        ]);
        await runExport(map, v.filters, options, verbIO(cmd));
      }),
    );
  // -o is a global option: ledger is taken here, every other command refuses it
  if (v.ledger) claimOutputFormat(exportCmd, 'ledger', 'ledger');

  const importCmd = group
    .command('import')
    .argument('<file>', 'CSV file as export writes it (also --excel), or - for stdin')
    .description(
      `create and update ${v.what} from a CSV file: rows with an id update what differs, rows without one create`,
    )
    .option('--dry-run', 'print what would be created and changed; change nothing')
    .option(
      '--skip-invalid',
      'import the valid rows and list the invalid ones (default: any invalid row stops the import before anything ' +
        'is written)',
    )
    .option('--write-ids <file>', 'write the file back with the ids of the created rows filled in')
    .option('--force', 'replace --write-ids FILE when it exists (otherwise exit 6)')
    .option('--restart', 'forget what an earlier run of this very file did (its journal) and import it anew');
  if (v.viaApi) {
    importCmd
      .option('--via-api', "send the file as it is to the API's own CSV import (the columns that endpoint takes)")
      .option('--strict', 'with --via-api: exit 3 when any row was skipped (the valid rows are still imported)');
  }
  importCmd
    .addHelpText(
      'after',
      `${examplesText(examples.import)}
The header is checked first; every row is then checked (types, required fields, references) before
anything is written. A row whose create was sent but not answered (Ctrl-C, kill, network loss) is looked
up on the next run, so running the same command again continues exactly where it ` +
        `stopped.${v.viaApi ? `\n\n--via-api: ${v.viaApi.help}` : ''}`,
    )
    .action(
      run(async (cmd) => {
        const options = verbOptions(cmd);
        if (options.viaApi) return v.viaApi!.action(cmd);
        if (options.strict)
          throw new UsageError(
            '--strict goes with --via-api (the pipeline stops at any invalid row unless --skip-invalid)',
          );
        const [{ runImport }, map] = await Promise.all([import('./import.js'), v.map()]);
        await runImport(map, options as never, verbIO(cmd));
      }),
    );
}
