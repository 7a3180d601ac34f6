// What every request handler can reach: the database, the authenticated user and the company in scope.
import type { Context } from 'hono';
import type { Db, Row } from './store/db.js';
import type { Role } from './store/companies.js';

export interface ServiceDeps {
  db: Db;
  dataDir: string;
  /** requests per minute per client IP; 0 turns the limit off */
  rateLimit: number;
  /** logs unexpected faults (stack traces stay out of responses) */
  log: (line: string) => void;
}

export interface AppEnv {
  Variables: {
    deps: ServiceDeps;
    user: Row;
    company: Row;
    companyId: number;
    role: Role;
  };
}

export type Ctx = Context<AppEnv>;
