// Opens a data directory for an administration command; the service's AdminError becomes a usage error
// (exit 2), its AdminNotFound (a token id or prefix that names nothing) a not-found one (exit 5).
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { currentIO } from '../io.js';

type Admin = typeof import('../../server/main.js');

export async function withAdminDb(
  dataDir: string,
  fn: (db: ReturnType<Admin['openDatabase']>, admin: Admin) => void | Promise<void>,
): Promise<void> {
  const admin = await import('../../server/main.js');
  const db = admin.openDatabase(dataDir);
  try {
    const seed = admin.ensureSeeded(db);
    if (seed.seeded)
      currentIO().err.write(
        `Seeded a new data directory: user ${seed.userId} (owner) with token ${seed.token}\nThis token is ` +
          `shown once.\n`,
      );
    await fn(db, admin);
  } catch (err) {
    if (err instanceof admin.AdminNotFound) throw new CliError(err.message, ExitCode.NotFound);
    if (err instanceof admin.AdminError) throw new UsageError(err.message);
    throw err;
  } finally {
    db.close();
  }
}
