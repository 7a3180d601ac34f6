// `acct projects bulk-delete`: DELETE /projects/multiple answers 204 even when it keeps projects with
// invoiced time, so the projects are looked up afterwards to report which ones stayed.
import type { Command } from 'commander';
import { ApiError } from '../../api/http.js';
import { CliError, ExitCode } from '../../errors.js';
import { deleteProjects, projectPaths } from '../../api/endpoints/projects.js';
import { globalsOf, notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';
import { resolveRef } from '../resource/run.js';
import { projectsSpec } from './spec.js';

export default async function bulkDelete(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  await confirmDestructive(g, `Delete ${args.length} projects (${args.join(', ')})?`);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    /** the project's name, or undefined when the company has no such project */
    const exists = async (id: number): Promise<string | undefined> => {
      try {
        return (await rt.client.get<{ data: { name: string } }>(projectPaths.one(company, id))).data.name;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return undefined;
        throw err;
      }
    };
    const ids: number[] = [];
    for (const ref of args) {
      const id = await resolveRef(rt.client, projectsSpec, projectPaths.list(company), ref, resolver);
      if (!ids.includes(id)) ids.push(id);
    }
    // an id the company does not have stops the command before anything is deleted
    for (const id of ids) {
      if ((await exists(id)) === undefined) throw new CliError(`no project with id ${id}`, ExitCode.NotFound);
    }
    await deleteProjects(rt.client, company, ids);
    const kept: string[] = [];
    for (const id of ids) {
      const name = await exists(id);
      if (name !== undefined) kept.push(`${id} (${name})`);
    }
    notice(`Deleted ${ids.length - kept.length} of ${ids.length} projects.`);
    if (kept.length) notice(`Kept (invoiced time; archive instead): ${kept.join(', ')}`);
  });
}
