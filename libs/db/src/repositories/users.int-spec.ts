import { randomBytes } from 'node:crypto';
import { EmailVerificationToken, PasswordResetToken, User } from '../entities';
import { HealthRepository } from './health';
import { UsersRepository } from './users';
import { CreditsRepository } from './credits';
import { createTestDatabase, type TestDatabase } from './__tests__/test-database';

const HOUR = 60 * 60 * 1000;
const hash = () => randomBytes(32).toString('hex');

describe('users repository (PostgreSQL)', () => {
  let db: TestDatabase;
  let creditsRepo: CreditsRepository;
  let healthRepo: HealthRepository;
  let usersRepo: UsersRepository;

  beforeAll(async () => {
    db = await createTestDatabase('users');
    creditsRepo = new CreditsRepository(db.database);
    healthRepo = new HealthRepository(db.database);
    usersRepo = new UsersRepository(db.database);
  });
  afterAll(async () => {
    await db?.close();
  });

  async function resetToken(userId: string, overrides: Partial<Pick<PasswordResetToken, 'tokenHash' | 'expiresAt' | 'usedAt'>> = {}) {
    const em = db.orm.em.fork();
    const record = em.create(PasswordResetToken, { user: userId, expiresAt: new Date(Date.now() + HOUR), ...overrides });
    await em.flush();
    return record;
  }
  const tokenRow = (id: string) => db.orm.em.fork().findOneOrFail(PasswordResetToken, { id });

  it('pingDatabase resolves while PostgreSQL answers', async () => {
    await expect(healthRepo.pingDatabase()).resolves.toBeUndefined();
  });

  it('userStats counts classes, plans, lessons and the plans of this month, of this user only', async () => {
    const user = await db.user();
    const other = await db.user();
    const turma = await db.turma(user.id);
    const plano = await db.plano(user.id, turma.id);
    await db.aula(plano.id, { numeroAula: 1 });
    await db.aula(plano.id, { numeroAula: 2 });
    await db.plano(user.id, turma.id);
    await db.plano(other.id, (await db.turma(other.id)).id);
    expect(await usersRepo.userStats(user.id)).toEqual({ turmas: 1, planos: 2, aulas: 2, mesAtual: 2 });
    expect(await usersRepo.userStats((await db.user()).id)).toEqual({ turmas: 0, planos: 0, aulas: 0, mesAtual: 0 });
  });

  it('useToken uses a valid token once and refuses used, expired and unknown ones', async () => {
    const user = await db.user();
    const valid = hash();
    const expired = hash();
    await resetToken(user.id, { tokenHash: valid });
    await resetToken(user.id, { tokenHash: expired, expiresAt: new Date(Date.now() - 1000) });
    expect(await usersRepo.useToken('password-reset', valid)).toBe(user.id);
    expect(await usersRepo.useToken('password-reset', valid)).toBeNull();
    expect(await usersRepo.useToken('password-reset', expired)).toBeNull();
    expect(await usersRepo.useToken('password-reset', hash())).toBeNull();
    // A reset token is no e-mail confirmation token.
    const other = hash();
    await resetToken(user.id, { tokenHash: other });
    expect(await usersRepo.useToken('verify-email', other)).toBeNull();
  });

  it('expireUserTokens ends the pending tokens of that user and kind only', async () => {
    const user = await db.user();
    const other = await db.user();
    const mine = await resetToken(user.id, { tokenHash: hash() });
    const theirs = await resetToken(other.id, { tokenHash: hash() });
    const em = db.orm.em.fork();
    const verification = em.create(EmailVerificationToken, { user: user.id, expiresAt: new Date(Date.now() + HOUR) });
    await em.flush();
    await usersRepo.expireUserTokens('password-reset', user.id);
    expect((await tokenRow(mine.id)).usedAt).not.toBeNull();
    expect((await tokenRow(theirs.id)).usedAt).toBeNull();
    expect((await db.orm.em.fork().findOneOrFail(EmailVerificationToken, { id: verification.id })).usedAt).toBeNull();
  });

  it('storeTokenHash fills the hash of a live record and says whom to mail; nothing for a used or expired one', async () => {
    const user = await db.user({ firstName: 'Bia' });
    const live = await resetToken(user.id);
    const used = await resetToken(user.id, { usedAt: new Date() });
    const expired = await resetToken(user.id, { expiresAt: new Date(Date.now() - 1000) });
    const h = hash();
    expect(await usersRepo.storeTokenHash('password-reset', live.id, h)).toEqual({ email: user.email, firstName: 'Bia' });
    expect((await tokenRow(live.id)).tokenHash).toBe(h);
    expect(await usersRepo.storeTokenHash('password-reset', used.id, hash())).toBeNull();
    expect(await usersRepo.storeTokenHash('password-reset', expired.id, hash())).toBeNull();
    expect(await usersRepo.storeTokenHash('verify-email', live.id, hash())).toBeNull();
  });

  it('markEmailVerified confirms the address once (the first date stays) and makeAdmin grants the role', async () => {
    const user = await db.user();
    expect(await usersRepo.markEmailVerified(user.id)).toBe(user.email);
    const first = (await db.orm.em.fork().findOneOrFail(User, { id: user.id })).emailVerifiedAt;
    expect(first).toBeInstanceOf(Date);
    await usersRepo.markEmailVerified(user.id);
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).emailVerifiedAt).toEqual(first);
    expect(await usersRepo.markEmailVerified('00000000-0000-4000-8000-000000000000')).toBeNull();
    await usersRepo.makeAdmin(user.id);
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).role).toBe('admin');
  });

  it("deleteUserSessions removes that user's sessions and keeps the others'", async () => {
    const session = (sid: string, user: string) =>
      db.pool.query(`insert into "session" (sid, sess, expire) values ($1, $2, now() + interval '1 day')`, [sid, JSON.stringify({ passport: { user } })]);
    await session('a1', 'user-a');
    await session('a2', 'user-a');
    await session('b1', 'user-b');
    await usersRepo.deleteUserSessions('user-a');
    const { rows } = await db.pool.query<{ sid: string }>(`select sid from "session" order by sid`);
    expect(rows.map((r) => r.sid)).toEqual(['b1']);
  });

  it('chargeCredits takes credits only while the balance covers them', async () => {
    const user = await db.user({ credits: 3 });
    expect(await creditsRepo.chargeCredits(user.id, 2)).toBe(true);
    expect(await creditsRepo.chargeCredits(user.id, 2)).toBe(false);
    expect(await creditsRepo.chargeCredits(user.id, 1)).toBe(true);
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).credits).toBe(0);
  });

  it('setUserCredits sets the balance of that user only', async () => {
    const [user, other] = [await db.user({ credits: 35 }), await db.user({ credits: 35 })];
    expect(await creditsRepo.setUserCredits(user.id, 0)).toBe(true);
    const credits = async (id: string) => (await db.orm.em.fork().findOneOrFail(User, { id })).credits;
    expect([await credits(user.id), await credits(other.id)]).toEqual([0, 35]);
    expect(await creditsRepo.setUserCredits('00000000-0000-4000-8000-000000000000', 3)).toBe(false);
  });

  it('setUserRoleByEmail sets the role of the user with that e-mail (any case)', async () => {
    const user = await db.user({ email: 'Professora.Ana@Teste.dev' });
    expect(await usersRepo.setUserRoleByEmail('professora.ana@teste.dev', 'admin')).toBe('Professora.Ana@Teste.dev');
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).role).toBe('admin');
    expect(await usersRepo.setUserRoleByEmail('professora.ana@teste.dev', 'teacher')).toBe('Professora.Ana@Teste.dev');
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).role).toBe('teacher');
    expect(await usersRepo.setUserRoleByEmail('ninguem@teste.dev', 'admin')).toBeUndefined();
  });

  it('refundCredits gives credits back', async () => {
    const user = await db.user({ credits: 0 });
    await creditsRepo.refundCredits(user.id, 1);
    await creditsRepo.refundCredits(user.id, 2);
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).credits).toBe(3);
  });

  it('findPublicUser reads the user as the api shows it, without the password hash', async () => {
    const user = await db.user({ email: 'ana.publica@teste.dev', credits: 4 });
    const found = await usersRepo.findPublicUser(user.id);
    expect(found).toMatchObject({ id: user.id, email: 'ana.publica@teste.dev', credits: 4 });
    expect(JSON.stringify(found)).not.toContain('password');
    expect(await usersRepo.findPublicUser('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('updateUserName sets the names given (null clears one, a name left out stays) of that user only', async () => {
    const user = await db.user({ email: 'nome@teste.dev', firstName: 'Ana', credits: 7 });
    const other = await db.user({ firstName: 'Bia' });
    const before = await usersRepo.findPublicUser(user.id);

    const named = await usersRepo.updateUserName(user.id, { lastName: 'Souza' });
    expect(named).toMatchObject({ id: user.id, email: 'nome@teste.dev', firstName: 'Ana', lastName: 'Souza', credits: 7, role: 'teacher' });
    expect(JSON.stringify(named)).not.toContain('password');
    expect(new Date(named!.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before!.updatedAt).getTime());
    expect(await usersRepo.updateUserName(user.id, { firstName: null })).toMatchObject({ firstName: null, lastName: 'Souza' });
    expect(await usersRepo.findPublicUser(user.id)).toMatchObject({ firstName: null, lastName: 'Souza' });
    expect(await usersRepo.findPublicUser(other.id)).toMatchObject({ firstName: 'Bia', lastName: null });
    expect(await usersRepo.updateUserName('00000000-0000-4000-8000-000000000000', { firstName: 'X' })).toBeNull();
  });

  it('readSessionWithUser reads an unexpired session with its user in one query', async () => {
    const user = await db.user({ email: 'sessao@teste.dev' });
    const insert = (sid: string, sess: string, expire = "now() + interval '1 day'") =>
      db.pool.query(`insert into "session" (sid, sess, expire) values ($1, $2, ${expire})`, [sid, sess]);
    await insert('s-user', JSON.stringify({ cookie: {}, passport: { user: user.id } }));
    await insert('s-anon', JSON.stringify({ cookie: {} }));
    await insert('s-gone', JSON.stringify({ passport: { user: '00000000-0000-4000-8000-000000000000' } }));
    await insert('s-bad-id', JSON.stringify({ passport: { user: "x' or 1=1" } }));
    await insert('s-old', JSON.stringify({ passport: { user: user.id } }), "now() - interval '1 minute'");

    const found = await usersRepo.readSessionWithUser('s-user');
    expect(found).toMatchObject({ sess: { passport: { user: user.id } }, user: { id: user.id, email: 'sessao@teste.dev' } });
    expect(await usersRepo.readSessionWithUser('s-anon')).toMatchObject({ user: null });
    expect(await usersRepo.readSessionWithUser('s-gone')).toMatchObject({ user: null });
    expect(await usersRepo.readSessionWithUser('s-bad-id')).toMatchObject({ user: null });
    expect(await usersRepo.readSessionWithUser('s-old')).toBeUndefined();
    expect(await usersRepo.readSessionWithUser('nenhuma')).toBeUndefined();
  });

  it('insertUser stores a user that findUserByEmail and emailTaken then find; a second one with that e-mail is refused (23505)', async () => {
    const email = `nova.${randomBytes(4).toString('hex')}@teste.dev`;
    expect(await usersRepo.emailTaken(email)).toBe(false);
    expect(await usersRepo.findUserByEmail(email)).toBeNull();
    const user = await usersRepo.insertUser({ email, passwordHash: 'hash-1', firstName: 'Ana', lastName: null, role: 'teacher' });
    expect(await usersRepo.emailTaken(email)).toBe(true);
    expect(await usersRepo.findUserByEmail(email)).toMatchObject({ id: user.id, email, password: 'hash-1', firstName: 'Ana', lastName: null, role: 'teacher', credits: 35 });
    await expect(usersRepo.insertUser({ email, passwordHash: 'hash-2', firstName: null, lastName: null, role: 'teacher' })).rejects.toMatchObject({ code: '23505' });
  });

  it('setPasswordFromMailedLink replaces the password hash of that user only, records it was set by mail and confirms the address', async () => {
    const user = await db.user();
    const other = await db.user();
    expect((await db.orm.em.fork().findOneOrFail(User, { id: user.id })).passwordSetByMailAt).toBeNull();
    expect(await usersRepo.setPasswordFromMailedLink(user.id, 'novo-hash')).toBe(user.email);
    const updated = await db.orm.em.fork().findOneOrFail(User, { id: user.id });
    expect(updated.password).toBe('novo-hash');
    expect(updated.passwordSetByMailAt).toBeInstanceOf(Date);
    expect(updated.emailVerifiedAt).toBeInstanceOf(Date);
    const untouched = await db.orm.em.fork().findOneOrFail(User, { id: other.id });
    expect(untouched).toMatchObject({ password: 'not-a-real-hash', passwordSetByMailAt: null });
    expect(await usersRepo.setPasswordFromMailedLink('00000000-0000-4000-8000-000000000000', 'x')).toBeNull();
  });

  it('createToken stores an unused record of each kind without its hash; findPasswordResetToken finds one by hash', async () => {
    const user = await db.user();
    const expiresAt = new Date(Date.now() + HOUR);
    const resetId = await usersRepo.createToken('password-reset', user.id, expiresAt);
    const verifyId = await usersRepo.createToken('verify-email', user.id, expiresAt);
    expect(await tokenRow(resetId)).toMatchObject({ tokenHash: null, usedAt: null, expiresAt });
    expect((await tokenRow(resetId)).user.id).toBe(user.id);
    expect(await db.orm.em.fork().findOneOrFail(EmailVerificationToken, { id: verifyId })).toMatchObject({ tokenHash: null, usedAt: null, expiresAt });
    const h = hash();
    await usersRepo.storeTokenHash('password-reset', resetId, h);
    expect((await usersRepo.findPasswordResetToken(h))?.id).toBe(resetId);
    expect(await usersRepo.findPasswordResetToken(hash())).toBeNull();
  });
});
