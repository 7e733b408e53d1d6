import { SCHOOL_TIME_ZONE, type PublicUser, type UserStats } from '@planejador/contracts';
import { EmailVerificationToken, PasswordResetToken, User } from '../entities';
import { PUBLIC_USER_COLUMNS, toPublicUser, type PublicUserRow } from '../serializers';
import { Repository } from '../database';
import type { PgPool } from '../pool';

/** The one-time tokens mailed to a user: their tables, by the e-mail that carries them. */
const TOKEN_TABLES = {
  'password-reset': 'password_reset_tokens',
  'verify-email': 'email_verification_tokens',
} as const;
export type TokenKind = keyof typeof TOKEN_TABLES;
const TOKEN_ENTITIES = { 'password-reset': PasswordResetToken, 'verify-email': EmailVerificationToken } as const;

// The user row's columns, prefixed so they cannot clash with the session's.
const USER_SELECT = PUBLIC_USER_COLUMNS.map((c) => `u.${c} as u_${c}`).join(', ');
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** When the session's user signed in (ms since the epoch; 0 for a session from before this was kept). */
function signedInAt(sess: object): number {
  const at = (sess as { signedInAt?: unknown }).signedInAt;
  return typeof at === 'number' ? at : 0;
}

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class UsersRepository extends Repository {
  async findUserByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.em.count(User, { email })) > 0;
  }

  /**
   * Stores a new user. A concurrent sign-up with the same e-mail makes PostgreSQL refuse it (unique index: the
   * error's code is '23505'); the caller says so.
   */
  async insertUser(
    data: { email: string; passwordHash: string; firstName: string | null; lastName: string | null; role: 'admin' | 'teacher' },
  ): Promise<User> {
    const em = this.em;
    const user = em.create(User, { email: data.email, password: data.passwordHash, firstName: data.firstName, lastName: data.lastName, role: data.role });
    await em.flush();
    return user;
  }

  /**
   * Sets the password chosen through a link mailed to the user's address (the reset flow): records that it was set
   * by mail, at `at` (the api's clock, as a session's `signedInAt`: see readSessionWithUser), which also confirms the
   * address. Returns the address, or null for an unknown user.
   */
  async setPasswordFromMailedLink(userId: string, passwordHash: string, at = new Date()): Promise<string | null> {
    const [user] = await this.em.execute<{ email: string }[]>(
      `update users set password = ?, password_set_by_mail_at = ?, email_verified_at = coalesce(email_verified_at, now()),
              updated_at = now()
        where id = ? returning email`,
      [passwordHash, at, userId],
    );
    return user?.email ?? null;
  }

  /** The user's counts in one round trip; 'mesAtual': plans created since the start of the month (São Paulo time). */
  async userStats(userId: string): Promise<UserStats> {
    const [row] = await this.em.execute<{ turmas: string; planos: string; aulas: string; mes_atual: string }[]>(
      `select
         (select count(*) from turmas where user_id = ?) as turmas,
         (select count(*) from planos_aula where user_id = ?) as planos,
         (select count(*) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = ?) as aulas,
         (select count(*) from planos_aula where user_id = ?
            and created_at >= (date_trunc('month', now() at time zone ?) at time zone ?)) as mes_atual`,
      [userId, userId, userId, userId, SCHOOL_TIME_ZONE, SCHOOL_TIME_ZONE],
    );
    return { turmas: Number(row.turmas), planos: Number(row.planos), aulas: Number(row.aulas), mesAtual: Number(row.mes_atual) };
  }

  /**
   * Stores a token record of the user, valid until `expiresAt`, without its hash (the worker makes the token and
   * stores its hash, see storeTokenHash). Returns the record's id (what the job carries).
   */
  async createToken(kind: TokenKind, userId: string, expiresAt: Date): Promise<string> {
    const em = this.em;
    const record = em.create(TOKEN_ENTITIES[kind], { user: em.getReference(User, userId), expiresAt });
    await em.flush();
    return record.id;
  }

  /** The password reset record with this token hash (used or expired ones too), or null. */
  async findPasswordResetToken(tokenHash: string): Promise<PasswordResetToken | null> {
    return this.em.findOne(PasswordResetToken, { tokenHash });
  }

  /**
   * Uses a token once, atomically: marks it used when it is unused and unexpired. Returns its user's id, or null
   * when no such token could be used (unknown, used or expired).
   */
  async useToken(kind: TokenKind, tokenHash: string): Promise<string | null> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `update ${TOKEN_TABLES[kind]} set used_at = now()
        where token_hash = ? and used_at is null and expires_at > now()
        returning user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** The user's other pending tokens of this kind stop working. */
  async expireUserTokens(kind: TokenKind, userId: string): Promise<void> {
    await this.em.execute(`update ${TOKEN_TABLES[kind]} set used_at = now() where user_id = ? and used_at is null`, [userId]);
  }

  /**
   * Stores the hash of a freshly made token on the record the api queued, while that record is unused and
   * unexpired. Returns whom to mail it to, or null when the record is gone (used, expired or unknown).
   */
  async storeTokenHash(
    kind: TokenKind,
    tokenId: string,
    tokenHash: string,
  ): Promise<{ email: string; firstName: string | null } | null> {
    const rows = await this.em.execute<{ email: string; first_name: string | null }[]>(
      `update ${TOKEN_TABLES[kind]} t set token_hash = ? from users u
        where t.id = ? and u.id = t.user_id and t.used_at is null and t.expires_at > now()
        returning u.email, u.first_name`,
      [tokenHash, tokenId],
    );
    return rows[0] ? { email: rows[0].email, firstName: rows[0].first_name } : null;
  }

  /** Marks the user's address confirmed (the first time only) and returns it; null for an unknown user. */
  async markEmailVerified(userId: string): Promise<string | null> {
    const [user] = await this.em.execute<{ email: string }[]>(
      `update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
        where id = ? returning email`,
      [userId],
    );
    return user?.email ?? null;
  }

  async makeAdmin(userId: string): Promise<void> {
    await this.em.execute(`update users set role = 'admin' where id = ?`, [userId]);
  }

  /** Ends every session of the user (the express-session store's table, on its pool). */
  async deleteUserSessions(userId: string): Promise<void> {
    await this.pool.query(`delete from "session" where (sess -> 'passport' ->> 'user') = $1`, [userId]);
  }

  /** A user as the api shows it: one prepared statement, no entity hydration. */
  async findPublicUser(id: string): Promise<PublicUser | null> {
    const { rows } = await this.pool.query<PublicUserRow>({
      name: 'user-by-id',
      text: `select ${PUBLIC_USER_COLUMNS.join(', ')} from users where id = $1`,
      values: [id],
    });
    return rows[0] ? toPublicUser(rows[0]) : null;
  }

  /**
   * Sets the user's own first and/or last name (a key left out keeps its value, null clears it) and returns the user
   * as the api shows it; null for an unknown user. Nothing else of the account is written.
   */
  async updateUserName(
    id: string,
    names: { firstName?: string | null; lastName?: string | null },
  ): Promise<PublicUser | null> {
    const { rows } = await this.pool.query<PublicUserRow>(
      `update users
          set first_name = case when $2 then $3 else first_name end,
              last_name = case when $4 then $5 else last_name end,
              updated_at = now()
        where id = $1
    returning ${PUBLIC_USER_COLUMNS.join(', ')}`,
      [id, names.firstName !== undefined, names.firstName ?? null, names.lastName !== undefined, names.lastName ?? null],
    );
    return rows[0] ? toPublicUser(rows[0]) : null;
  }

  /**
   * The unexpired session `sid` (connect-pg-simple's "session" table) and its signed-in user (null when the session
   * names no user, or one that is gone), in one prepared statement; 'unreadable' for a row whose JSON does not
   * parse, 'ended' for a session signed in (`signedInAt`, set at sign-in) before its user's password was last set
   * through a mailed link (the reset ended it: a save in flight may have written it back), undefined when there is
   * no such session.
   */
  async readSessionWithUser<Sess extends object>(sid: string): Promise<{ sess: Sess; user: PublicUser | null } | 'unreadable' | 'ended' | undefined> {
    const { rows } = await this.pool.query<{ sess: Sess | string; password_set_at: Date | null } & Record<string, unknown>>({
      name: 'session-with-user',
      text: `select s.sess, u.password_set_by_mail_at as password_set_at, ${USER_SELECT}
               from "session" s
               left join users u on u.id = case when s.sess #>> '{passport,user}' ~ '${UUID}'
                                                then (s.sess #>> '{passport,user}')::uuid end
              where s.sid = $1 and s.expire >= to_timestamp($2)`,
      values: [sid, Date.now() / 1000],
    });
    const row = rows[0];
    if (!row) return undefined;
    let sess: Sess;
    try {
      sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as Sess) : row.sess;
    } catch {
      return 'unreadable';
    }
    if (!row.u_id) return { sess, user: null };
    if (row.password_set_at && signedInAt(sess) < row.password_set_at.getTime()) return 'ended';
    const user: Record<string, unknown> = {};
    for (const c of PUBLIC_USER_COLUMNS) user[c] = row[`u_${c}`];
    return { sess, user: toPublicUser(user as PublicUserRow) };
  }

  /**
   * Sets the role of the user with this e-mail (compared in lower case; pass it lower-cased). Returns the e-mail as
   * stored, or undefined when no user has it (the admin command).
   */
  async setUserRoleByEmail(email: string, role: 'admin' | 'teacher'): Promise<string | undefined> {
    const [row] = await this.em.execute<{ email: string }[]>(`update users set role = ?, updated_at = now() where lower(email) = ? returning email`, [role, email]);
    return row?.email;
  }

  /** The pool connect-pg-simple's session store writes with (the same small pool the prepared statements use). */
  sessionStorePool(): PgPool {
    return this.pool;
  }
}
