import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { companiesOfUser } from '../store/companies.js';

export function registerUsers(r: Hono<AppEnv>): void {
  r.get('/users/me', (c) => {
    const user = c.get('user');
    const companies = companiesOfUser(c.get('deps').db, Number(user.id)).map((row) => ({
      id: Number(row.id),
      name: row.name,
      role: row.role,
    }));
    return c.json({ data: { id: Number(user.id), name: user.name, email: user.email, companies } });
  });
}
