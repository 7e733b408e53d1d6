import { CreditsRepository, UsersRepository } from '@planejador/db';
import { useRulesDatabase } from './rules-database';

/** The rules tier's own promises: each test's rows are rolled back, and a service's transaction that throws undoes its writes. */
describe('useRulesDatabase', () => {
  const rules = useRulesDatabase();
  let email = '';

  it(
    'a test writes through the repositories and reads its own rows',
    rules.rolledBack(async () => {
      email = (await rules.user({ credits: 7 })).email;
      expect(await rules.repository(UsersRepository).findUserByEmail(email)).toMatchObject({ email, credits: 7 });
    }),
  );

  it('its rows are gone once it ends', async () => {
    expect(email).not.toBe('');
    expect(await rules.repository(UsersRepository).findUserByEmail(email)).toBeNull();
  });

  it(
    "a service's transaction that throws undoes what it wrote, and the test goes on; one that resolves keeps it",
    rules.rolledBack(async () => {
      const user = await rules.user({ credits: 5 });
      const credits = rules.repository(CreditsRepository);
      const balance = async () => (await rules.sql<{ credits: number }>('select credits from users where id = ?', [user.id]))[0].credits;
      await expect(
        rules.database.transaction(async () => {
          await credits.chargeCredits(user.id, 2);
          // A failed statement too: the savepoint takes the transaction back to before it.
          await rules.sql('select 1 / 0');
        }),
      ).rejects.toThrow(/division by zero/);
      expect(await balance()).toBe(5);
      await rules.database.transaction(() => credits.chargeCredits(user.id, 2));
      expect(await balance()).toBe(3);
    }),
  );

  it('its SQL runs only inside a rolled-back test', async () => {
    expect(() => rules.sql('select 1')).toThrow(/rolledBack/);
  });
});
