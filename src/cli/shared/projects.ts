// Picking a project by what the user typed (times create and update, timer start): an id or exact name;
// on a terminal an unknown, ambiguous or missing name becomes a choice.
import { projectPaths } from '../../api/endpoints/projects.js';
import type { ApiClient } from '../../api/http.js';
import { paginate } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';
import { canPrompt, type GlobalOptions } from '../globals.js';
import { RefResolver } from '../refs.js';

interface ProjectRow {
  id: number;
  name: string;
  archived?: boolean;
  customer?: { name?: string } | null;
}

async function allProjects(client: ApiClient, company: number): Promise<ProjectRow[]> {
  const rows: ProjectRow[] = [];
  for await (const page of paginate<ProjectRow>(client, projectPaths.list(company), {
    query: { include: 'customer' },
    all: true,
  }))
    rows.push(...page);
  return rows;
}

const choiceOf = (p: ProjectRow) => ({
  name: p.customer?.name ? `${p.name} (${p.customer.name})` : p.name,
  value: p.id,
});

/**
 * The project id for `raw` (id, id:N or exact name, any case; an active project wins over an archived
 * one). Without a terminal an unknown or ambiguous name — or none at all — is a usage error listing
 * candidates; on a terminal the candidates (or every active project) are offered with `choose`.
 */
export async function pickProject(
  client: ApiClient,
  company: number,
  g: GlobalOptions,
  raw: string | undefined,
  flag = 'project',
): Promise<number> {
  if (raw !== undefined && /^(id:)?\d+$/i.test(raw.trim()))
    return new RefResolver(client, company).resolve('project', raw, flag);
  if (!canPrompt(g)) {
    if (raw !== undefined) return new RefResolver(client, company).resolve('project', raw, flag);
    const active = (await allProjects(client, company)).filter((p) => !p.archived);
    throw new UsageError(
      `missing project (${flag.startsWith('<') ? `argument ${flag}` : `--${flag}`})`,
      active.length
        ? [
            `candidates: ${active
              .slice(0, 20)
              .map((p) => `${p.id} (${p.name})`)
              .join(', ')}${active.length > 20 ? ', …' : ''}`,
          ]
        : ['there is no active project yet: acct projects create --name NAME --customer CUSTOMER'],
    );
  }
  const projects = await allProjects(client, company);
  const active = projects.filter((p) => !p.archived);
  let candidates: ProjectRow[] = active;
  let message = 'Project:';
  if (raw !== undefined) {
    const needle = raw.trim().toLowerCase();
    let exact = projects.filter((p) => p.name.toLowerCase() === needle);
    if (exact.length > 1 && exact.filter((p) => !p.archived).length === 1) exact = exact.filter((p) => !p.archived);
    if (exact.length === 1) return exact[0].id;
    if (exact.length > 1) {
      candidates = exact;
      message = `Several projects are named "${raw}"; which one?`;
    } else {
      const similar = active.filter(
        (p) => p.name.toLowerCase().includes(needle) || needle.includes(p.name.toLowerCase()),
      );
      if (similar.length) candidates = similar;
      message = `No project "${raw}"; pick one:`;
    }
  }
  if (candidates.length === 0)
    throw new UsageError('there is no active project yet', [
      'create one: acct projects create --name NAME --customer CUSTOMER',
    ]);
  const { choose } = await import('../prompt.js');
  return choose(message, candidates.map(choiceOf));
}
