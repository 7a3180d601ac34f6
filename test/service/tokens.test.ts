// API tokens over real HTTP: a revoked token and an expired one get 401 on their next request (the
// service checks the database on every request, so what `acct server tokens revoke` writes counts at
// once), the last use is recorded at most once an hour, and the administration behind `acct server
// tokens …`: the listing (a prefix of the token, never the token), finding a token by id, prefix or the
// whole token (an unknown one: AdminNotFound; an ambiguous prefix: AdminError), revoking.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { AdminError, AdminNotFound, addUser, findToken, listTokens, revokeToken } from '../../src/server/main.js';
import { clock } from '../../src/server/clock.js';
import { one, run } from '../../src/server/store/db.js';
import { OWNER_TOKEN, useTestService } from '../helpers/service.js';

const svc = useTestService();
const db = () => svc.server.db;
let n = 0;

afterEach(() => {
  clock.now = () => new Date();
});

const me = (token: string) => svc.call('GET', '/users/me', undefined, { token }).then((r) => r.status);
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

/** A new user of company 1 with a token of their own (expiring at `expires` when given). */
function user(expires?: Date, token?: string): { id: number; token: string } {
  n++;
  return addUser(db(), {
    name: `User ${n}`,
    email: `user${n}@example.com`,
    company: 1,
    role: 'user',
    token,
    tokenExpires: expires,
  });
}

describe('revoked and expired tokens', () => {
  test("a revoked token gets 401 on its next request; the user's other tokens, other users: untouched", async () => {
    const a = user();
    const b = user();
    expect(await me(a.token)).toBe(200);
    const listed = findToken(db(), a.token.slice(0, 10));
    expect(listed.user_id).toBe(a.id);
    expect(revokeToken(db(), listed.id)).toBe(true);
    const res = await svc.call('GET', '/users/me', undefined, { token: a.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
    expect((await svc.call('GET', '/companies/1/tags', undefined, { token: a.token })).status).toBe(401);
    expect(await me(b.token)).toBe(200);
    expect(await me(OWNER_TOKEN)).toBe(200);
    // revoking again changes nothing
    expect(revokeToken(db(), listed.id)).toBe(false);
  });

  test('an expiring token works until its instant and gets 401 from then on', async () => {
    const expires = new Date('2030-01-01T00:00:00Z');
    const t = user(expires);
    at('2029-12-31T23:59:59Z');
    expect(await me(t.token)).toBe(200);
    at('2030-01-01T00:00:00Z');
    expect(await me(t.token)).toBe(401);
    at('2031-06-01T00:00:00Z');
    expect(await me(t.token)).toBe(401);
    expect(await me(OWNER_TOKEN)).toBe(200);
  });

  test('an expiry in the past is refused when the token is made', () => {
    at('2030-01-01T00:00:00Z');
    expect(() => user(new Date('2029-12-31T00:00:00Z'))).toThrow(AdminError);
    expect(() => user(new Date('2030-01-01T00:00:00Z'))).toThrow(/in the past/);
  });
});

describe('the last use', () => {
  test('recorded on a request, and again only once an hour has passed', async () => {
    const t = user();
    const lastUsed = () => one(db(), 'SELECT last_used_at FROM tokens WHERE user_id = ?', t.id)!.last_used_at;
    expect(lastUsed()).toBeNull();
    at('2030-03-01T10:00:00Z');
    await me(t.token);
    expect(lastUsed()).toBe('2030-03-01T10:00:00.000000Z');
    at('2030-03-01T10:59:00Z');
    await me(t.token);
    expect(lastUsed()).toBe('2030-03-01T10:00:00.000000Z');
    at('2030-03-01T11:00:01Z');
    await me(t.token);
    expect(lastUsed()).toBe('2030-03-01T11:00:01.000000Z');
    // a refused token records nothing
    run(db(), 'UPDATE tokens SET revoked_at = ? WHERE user_id = ?', '2030-03-01T11:30:00.000000Z', t.id);
    at('2030-03-01T15:00:00Z');
    await me(t.token);
    expect(lastUsed()).toBe('2030-03-01T11:00:01.000000Z');
  });
});

describe('administration', () => {
  test('the listing: id, a prefix of the token (never the token), user, name, status and the times', () => {
    at('2030-05-01T08:00:00Z');
    const plain = user(new Date('2031-01-01T00:00:00Z'));
    const custom = user(undefined, 'team-deploy-token');
    const revoked = user();
    revokeToken(db(), findToken(db(), revoked.token).id);
    at('2032-01-01T00:00:00Z');
    const rows = listTokens(db());
    const row = (u: { id: number }) => rows.find((r) => r.user_id === u.id)!;
    expect(row(plain)).toMatchObject({
      prefix: plain.token.slice(0, 12),
      user: `user${n - 2}@example.com`,
      name: null,
      status: 'expired',
      created_at: '2030-05-01T08:00:00.000000Z',
      expires_at: '2031-01-01T00:00:00.000000Z',
      last_used_at: null,
      revoked_at: null,
    });
    // half of a short token at most
    expect(row(custom)).toMatchObject({ prefix: 'team-dep', status: 'active', expires_at: null });
    expect(row(revoked)).toMatchObject({ status: 'revoked', revoked_at: '2030-05-01T08:00:00.000000Z' });
    for (const r of rows) {
      expect(Object.keys(r)).toEqual([
        'id',
        'prefix',
        'user_id',
        'user',
        'name',
        'status',
        'created_at',
        'expires_at',
        'last_used_at',
        'revoked_at',
      ]);
      expect(JSON.stringify(r)).not.toContain(plain.token);
      expect(JSON.stringify(r)).not.toContain('team-deploy-token');
    }
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((x, y) => x - y));
    // the hash is kept, not the token
    expect(one(db(), 'SELECT hash FROM tokens WHERE user_id = ?', plain.id)!.hash).toBe(
      createHash('sha256').update(plain.token).digest('hex'),
    );
  });

  test('findToken: by id, by a prefix as listed, by the whole token; unknown, ambiguous: errors of their own', () => {
    const a = user(undefined, 'shared-prefix-alpha');
    const b = user(undefined, 'shared-prefix-bravo');
    const idOf = (u: { id: number }) => Number(one(db(), 'SELECT id FROM tokens WHERE user_id = ?', u.id)!.id);
    expect(findToken(db(), String(idOf(a))).user_id).toBe(a.id);
    expect(findToken(db(), 'shared-prefix-bravo').user_id).toBe(b.id);
    expect(findToken(db(), 'shared-prefix-alpha').user_id).toBe(a.id);
    // both show "shared-pr": a prefix of it names both
    expect(() => findToken(db(), 'shared')).toThrow(AdminError);
    expect(() => findToken(db(), 'shared')).not.toThrow(AdminNotFound);
    expect(() => findToken(db(), 'shared')).toThrow(
      new RegExp(
        `"shared" is ambiguous: tokens ${idOf(a)} \\(shared-pr, user\\d+@example.com\\), ${idOf(b)} \\(shared-pr, `,
      ),
    );
    expect(() => findToken(db(), '999999')).toThrow(AdminNotFound);
    expect(() => findToken(db(), '999999')).toThrow('no token with id 999999');
    expect(() => findToken(db(), 'nothing-like-it')).toThrow(AdminNotFound);
    expect(() => findToken(db(), 'nothing-like-it')).toThrow('no token starts with "nothing-like-it"');
    // more than the listing shows, but not the whole token: not guessed at
    expect(() => findToken(db(), 'shared-prefix-al')).toThrow(AdminNotFound);
    expect(() => findToken(db(), '')).toThrow(AdminError);
  });
});
