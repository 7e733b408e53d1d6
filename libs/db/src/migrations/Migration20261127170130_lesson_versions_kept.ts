import { Migration } from '@mikro-orm/migrations';

/**
 * At most 50 versions kept per lesson (LIMITS.versoesKept): the generated one always, then the newest others; the
 * oldest others go first. A trigger on aula_versoes does it for every writer (generation, regeneration, saved edit,
 * restore), in the statement that keeps the new version: writers of one lesson hold its row, so two never prune it
 * at once. Lessons that already have more are pruned once here.
 */
export class Migration20261127170130_lesson_versions_kept extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "aula_versoes_keep_newest"() returns trigger language plpgsql as $$
      begin
        delete from "aula_versoes" where "id" in (
          select "id" from "aula_versoes"
           where "aula_id" = new."aula_id" and "origem" <> 'geracao'
           order by "versao" desc
          offset greatest(0, 50 - (select count(*) from "aula_versoes" where "aula_id" = new."aula_id" and "origem" = 'geracao')));
        return null;
      end $$;`);
    this.addSql(`create trigger "aula_versoes_keep_newest" after insert on "aula_versoes"
      for each row execute function "aula_versoes_keep_newest"();`);
    this.addSql(`delete from "aula_versoes" where "id" in (
      select "id" from (
        select v."id", row_number() over (partition by v."aula_id" order by v."versao" desc) as "n",
               (select count(*) from "aula_versoes" g where g."aula_id" = v."aula_id" and g."origem" = 'geracao') as "generated"
          from "aula_versoes" v where v."origem" <> 'geracao'
      ) ranked where "n" > 50 - "generated");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "aula_versoes_keep_newest" on "aula_versoes";`);
    this.addSql(`drop function if exists "aula_versoes_keep_newest"();`);
  }
}
