// Turns a ResourceSpec into commander commands. Only declarations live here (cheap at start-up).
import { type Command, Option } from 'commander';
import type { RefKind } from '../refs.js';
import { verbIO, type VerbIO } from '../verb.js';
import type { BodyField, BulkVerb, FilterFlag, ResourceSpec, Verb } from './spec.js';

export function examplesText(lines: string[] | undefined): string {
  return lines?.length ? `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n` : '';
}

export function addListFlags(cmd: Command): Command {
  return cmd
    .option('--page <n>', 'page to fetch (1 is the first)')
    .option('--per-page <n>', 'records per page (1-100)')
    .option('--limit <n>', 'stop after N records, following pages as needed')
    .option('--all', 'follow pages to the last one (per_page 100)');
}

function fieldOption(f: BodyField | FilterFlag): Option {
  const arg = f.type === 'bool' ? '' : ` <${f.type === 'enum' ? f.flag : f.type === 'ids' ? 'ids' : 'value'}>`;
  const option = new Option(`--${f.flag}${arg}`, f.description);
  if (f.choices && f.type === 'enum') option.choices(f.choices as string[]);
  return option;
}

/** A flag per filter, then the --no- forms of the filters that offer one. */
export function addFilterFlags(cmd: Command, filters: FilterFlag[]): Command {
  for (const f of filters) cmd.addOption(fieldOption(f));
  for (const f of filters) if (f.negation) cmd.addOption(new Option(`--no-${f.flag}`, f.negation));
  return cmd;
}

export function addBodyFlags(cmd: Command, fields: BodyField[]): Command {
  for (const f of fields) {
    cmd.addOption(fieldOption(f));
    if (f.type === 'bool' && f.negatable !== false) cmd.addOption(new Option(`--no-${f.flag}`, `unset ${f.flag}`));
  }
  return cmd.option('--data <file>', 'request body as JSON from a file, or - for stdin (flags override its keys)');
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** How a positional reference of each kind is read (see refs.ts). */
export const REF_HELP: Partial<Record<RefKind, string>> = {
  account: 'account number (e.g. 1020), exact name, or id:N',
  customer: 'customer number (e.g. 1001), exact name, or id:N',
  proposal: 'proposal number (e.g. O-2026-001), or its id (a bare number or id:N)',
  invoice: 'invoice number (e.g. R-2026-004), or its id (a bare number or id:N)',
  entry: 'booking number (e.g. E-2026-001), or its id (a bare number or id:N)',
  bill: 'bill number (e.g. K-2026-004), or its id (a bare number or id:N)',
};

/** The generic runner: the verb's references (<id>, <customer...>) apart, the spec-driven flags by key. */
type Run = (
  spec: ResourceSpec,
  verb: Verb | BulkVerb,
  refs: string[],
  options: Record<string, unknown>,
  io: VerbIO,
) => Promise<void>;

/** Declares `acct <group> <verb>` for every verb of the spec on the group's command. */
export function declareResource(group: Command, spec: ResourceSpec, run: Run): Command {
  // the group's help shows the first example of each verb
  const groupExamples = spec.verbs.map((verb) => spec.examples[verb]?.[0]).filter((e): e is string => e !== undefined);
  group.addHelpText('after', examplesText(groupExamples));
  const act =
    (verb: Verb | BulkVerb) =>
    async (...params: unknown[]) => {
      const cmd = params[params.length - 1] as Command;
      await run(spec, verb, cmd.args, cmd.opts(), verbIO(cmd));
    };
  const one = spec.lookup || spec.refKind ? `<${spec.noun.replace(/ /g, '-')}>` : '<id>';
  const oneHelp = spec.refKind
    ? (REF_HELP[spec.refKind] ?? `${spec.noun} id or exact name (id:N for an id)`)
    : spec.lookup
      ? `${spec.noun} id or exact ${spec.lookup.nameKey}`
      : `${spec.noun} id`;
  for (const verb of spec.verbs) {
    let cmd: Command;
    const setup = spec.setup?.[verb] ?? {};
    const ref = setup.variadic ? `${one.slice(0, -1)}...>` : one;
    const refHelp = setup.variadic ? `${spec.noun} ids` : oneHelp;
    switch (verb) {
      case 'list':
        cmd = addFilterFlags(
          addListFlags(group.command('list').alias('ls').description(`list ${spec.group}`)),
          spec.filters ?? [],
        );
        break;
      case 'get':
        cmd = group.command('get').alias('show').argument(ref, refHelp).description(`show one ${spec.noun}`);
        break;
      case 'create':
        cmd = addBodyFlags(
          group.command('create').description(`create ${article(spec.noun)} ${spec.noun}`),
          spec.fields ?? [],
        );
        break;
      case 'update':
        cmd = addBodyFlags(
          group
            .command('update')
            .argument(ref, refHelp)
            .description(`change ${article(spec.noun)} ${spec.noun} (only the flags given)`),
          spec.fields ?? [],
        );
        break;
      case 'delete':
        cmd = group
          .command('delete')
          .alias('rm')
          .argument(ref, refHelp)
          .description(`delete ${article(spec.noun)} ${spec.noun} (asks to confirm; --yes in scripts)`);
        break;
    }
    for (const option of setup.options ?? []) cmd.addOption(option);
    for (const option of cmd.options) if (option.long && setup.hidden?.includes(option.long)) option.hideHelp();
    if (setup.description) cmd.description(setup.description);
    if (setup.preAction) cmd.hook('preAction', setup.preAction);
    cmd.addHelpText('after', examplesText(spec.examples[verb]));
    if (setup.help) cmd.addHelpText('after', setup.help);
    cmd.action(setup.action ?? act(verb));
  }
  const refs = `<${spec.noun}...>`;
  const refsHelp = `${spec.noun} ids${spec.lookup ? ` or exact ${spec.lookup.nameKey}s` : ''}`;
  if (spec.bulk?.archive) {
    group
      .command('archive')
      .argument(refs, refsHelp)
      .description(`archive ${spec.group}`)
      .addHelpText('after', examplesText(spec.examples.archive))
      .action(act('archive'));
    group
      .command('unarchive')
      .argument(refs, refsHelp)
      .description(`unarchive ${spec.group}`)
      .addHelpText('after', examplesText(spec.examples.unarchive))
      .action(act('unarchive'));
  }
  if (spec.bulk?.delete) {
    group
      .command('bulk-delete')
      .argument(refs, refsHelp)
      .description(`delete several ${spec.group} (asks to confirm; --yes in scripts)`)
      .addHelpText('after', examplesText(spec.examples['bulk-delete']))
      .action(act('bulk-delete'));
  }
  spec.extend?.(group);
  return group;
}
