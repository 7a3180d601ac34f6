// The journal of an import: one file in the state directory per imported file content (and target),
// appended to before each row is sent and after its answer. A process killed at any moment leaves at
// most a torn last line; a row with a "sending" line and no answer is one whose create may have
// happened, which the next run looks up before it creates anything.
import { stateDir } from '../../config/index.js';
import { currentIO } from '../io.js';

const fs = process.getBuiltinModule('node:fs');
const { createHash } = process.getBuiltinModule('node:crypto');
const path = process.getBuiltinModule('node:path');

export type Op = 'create' | 'update';

type Event =
  | { v: 1; group: string; file: string; started: string }
  | { row: number; op: Op; sending: number }
  | { row: number; op: Op; id: number; recovered?: true }
  | { row: number; op: Op; failed: string }
  | { complete: string };

/**
 * What a journal belongs to: the resource, the books (the service's URL, or the local ledger's directory), the company
 * and the file's bytes.
 */
export interface JournalKey {
  group: string;
  target: string;
  company: number;
  bytes: Uint8Array;
}

/**
 * The journal's name: a hash of the target and the file's bytes, so the same file against the same books finds it
 * again.
 */
export function journalPath(key: JournalKey, env: NodeJS.ProcessEnv = currentIO().env): string {
  const hash = createHash('sha256')
    .update(`${key.group}\n${key.target}\n${key.company}\n`)
    .update(key.bytes)
    .digest('hex');
  return path.join(stateDir(env), 'imports', `${key.group}-${hash.slice(0, 32)}.jsonl`);
}

export class Journal {
  /** rows whose write was answered: the record's id */
  readonly done = new Map<number, { op: Op; id: number }>();
  /** rows sent without an answer, with the (service's) time they were sent, in ms */
  readonly unanswered = new Map<number, { op: Op; at: number }>();
  /** an earlier run of this file ended (every row written or refused) */
  completed = false;
  private fd: number | undefined;

  private constructor(readonly file: string) {}

  /** Opens (or starts) the journal at `file`; a torn last line is ignored. */
  static open(file: string, group: string, source: string): Journal {
    const existed = fs.existsSync(file);
    const journal = new Journal(file);
    if (existed) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        let e: Event;
        try {
          e = JSON.parse(line) as Event;
        } catch {
          continue;
        }
        journal.apply(e);
      }
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    }
    journal.fd = fs.openSync(file, 'a', 0o600);
    if (!existed) journal.append({ v: 1, group, file: source, started: new Date().toISOString() });
    return journal;
  }

  private apply(e: Event): void {
    if ('complete' in e) this.completed = true;
    if (!('row' in e)) return;
    if ('sending' in e) {
      this.unanswered.set(e.row, { op: e.op, at: e.sending });
      return;
    }
    this.unanswered.delete(e.row);
    if ('id' in e) this.done.set(e.row, { op: e.op, id: e.id });
  }

  /** Written and handed to the kernel before the request goes out (a killed process loses nothing written). */
  private append(e: Event): void {
    fs.writeSync(this.fd!, `${JSON.stringify(e)}\n`);
    this.apply(e);
  }

  sending(row: number, op: Op, at: number): void {
    this.append({ row, op, sending: at });
  }
  succeeded(row: number, op: Op, id: number, recovered = false): void {
    this.append(recovered ? { row, op, id, recovered: true } : { row, op, id });
  }
  failed(row: number, op: Op, message: string): void {
    this.append({ row, op, failed: message });
  }
  complete(): void {
    this.append({ complete: new Date().toISOString() });
  }

  /** Ids of records this import created (a lost answer is never matched to one of these). */
  createdIds(): Set<number> {
    return new Set([...this.done.values()].filter((d) => d.op === 'create').map((d) => d.id));
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}
