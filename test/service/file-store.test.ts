// Receipt and attachment bytes follow the fate of the transaction that writes or deletes their row
// (store/files.ts insertFile and deleteFile, through onRollback and afterCommit): every action that
// stores files relies on this, so it is tested here once, on the service's own database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { one, transaction } from '../../src/server/store/db.js';
import { deleteFile, insertFile, type StoredFile } from '../../src/server/store/files.js';
import { useTestService } from '../helpers/service.js';

const svc = useTestService();

const db = () => svc.server.db;
const onDisk = (f: StoredFile) => existsSync(join(svc.dataDir, f.path));
const inDb = (f: StoredFile) => one(db(), 'SELECT 1 AS x FROM files WHERE id = ?', f.id) !== undefined;
const write = (name: string) => insertFile(db(), svc.dataDir, 1, name, 'text/plain', new TextEncoder().encode(name));
const refused = new Error('refused');

it('a file written on its own is kept; deleted on its own, its bytes go at once', () => {
  const f = write('allein.txt');
  expect([inDb(f), onDisk(f)]).toEqual([true, true]);
  deleteFile(db(), svc.dataDir, 1, f.id);
  expect([inDb(f), onDisk(f)]).toEqual([false, false]);
});

it('a file written in a transaction undone leaves no bytes, also from a savepoint the outer one undoes', () => {
  let direct: StoredFile | undefined;
  expect(() =>
    transaction(db(), () => {
      direct = write('direkt.txt');
      throw refused;
    }),
  ).toThrow(refused);
  let nested: StoredFile | undefined;
  expect(() =>
    transaction(db(), () => {
      transaction(db(), () => {
        nested = write('verschachtelt.txt');
      });
      expect(onDisk(nested!)).toBe(true);
      throw refused;
    }),
  ).toThrow(refused);
  for (const f of [direct!, nested!]) expect([inDb(f), onDisk(f)]).toEqual([false, false]);
});

it('a file deleted in a transaction keeps its bytes until the commit, and keeps them if it is undone', () => {
  const kept = write('bleibt.txt');
  expect(() =>
    transaction(db(), () => {
      deleteFile(db(), svc.dataDir, 1, kept.id);
      throw refused;
    }),
  ).toThrow(refused);
  expect([inDb(kept), onDisk(kept)]).toEqual([true, true]);

  const gone = write('weg.txt');
  transaction(db(), () => {
    deleteFile(db(), svc.dataDir, 1, gone.id);
    expect(onDisk(gone)).toBe(true); // not before the commit
  });
  expect([inDb(gone), onDisk(gone)]).toEqual([false, false]);
});

it('deleting a file of another company, or none, changes nothing', () => {
  const f = write('fremd.txt');
  deleteFile(db(), svc.dataDir, 2, f.id);
  deleteFile(db(), svc.dataDir, 1, 999_999);
  expect([inDb(f), onDisk(f)]).toEqual([true, true]);
});
