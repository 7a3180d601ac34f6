// `acct contacts bulk-delete`: DELETE /contacts/multiple answers 204 even when it keeps contacts named
// on invoices or proposals, so the contacts are looked up afterwards to report which ones stayed.
import type { Command } from 'commander';
import { contactPaths, deleteContacts } from '../../api/endpoints/contacts.js';
import { ApiError } from '../../api/http.js';
import { CliError, ExitCode } from '../../errors.js';
import { globalsOf, notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import { RefResolver } from '../refs.js';
import { resolveRef } from '../resource/run.js';
import { withRuntime } from '../runtime.js';
import { contactsSpec } from './spec.js';

export default async function bulkDelete(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  await confirmDestructive(g, `Delete ${args.length} contacts (${args.join(', ')})?`);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    /** the contact's name, or undefined when the company has no such contact */
    const nameOf = async (id: number): Promise<string | undefined> => {
      try {
        return (await rt.client.get<{ data: { name: string } }>(contactPaths.one(company, id))).data.name;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return undefined;
        throw err;
      }
    };
    const ids: number[] = [];
    for (const ref of args) {
      const id = await resolveRef(rt.client, contactsSpec, contactPaths.list(company), ref, resolver);
      if (!ids.includes(id)) ids.push(id);
    }
    // an id the company does not have stops the command before anything is deleted
    for (const id of ids) {
      if ((await nameOf(id)) === undefined) throw new CliError(`no contact with id ${id}`, ExitCode.NotFound);
    }
    await deleteContacts(rt.client, company, ids);
    const kept: string[] = [];
    for (const id of ids) {
      const name = await nameOf(id);
      if (name !== undefined) kept.push(`${id} (${name})`);
    }
    notice(`Deleted ${ids.length - kept.length} of ${ids.length} contacts.`);
    if (kept.length) notice(`Kept (on invoices or proposals; archive instead): ${kept.join(', ')}`);
  });
}
