import { Migration } from '@mikro-orm/migrations';

const WISH = `E'\\n\\nNota do professor (registrada sem IA; não foi aplicada ao texto): '`;
const ADAPTED_WISH = `E'\\n\\nNota do professor, registrada sem IA e não aplicada: '`;

/**
 * Notes for the teacher about how a text was made live in the lesson's `nota`, never inside its fields (decisions.md,
 * "Sessions and security"): a version keeps its note with its content. The notes already stored move there: an
 * offline adaptation's first line ("Adaptação para …, feita sem IA. Revise antes de usar.") and the wish it kept
 * before its supports, and an offline regeneration's recorded wish, the last paragraph of Experiências.
 */
export class Migration20261128100100_lesson_notes extends Migration {
  override async up(): Promise<void> {
    for (const table of ['aulas', 'aula_versoes']) {
      this.addSql(`alter table "${table}" add column "nota" text null;`);
      // An offline adaptation: its first line is the note.
      this.addSql(`update "${table}" set "nota" = split_part("experiencias", E'\\n', 1),
              "experiencias" = substr("experiencias", strpos("experiencias", E'\\n') + 1)
        where "experiencias" ~ E'^Adaptação para [^\\n]*, feita sem IA\\\\. Revise antes de usar\\\\.\\n';`);
      // Its wish, kept before the supports ("Apoios para …"), joins the note.
      this.addSql(`update "${table}" t set "nota" = t."nota" || E'\\n' || left(m.s, m.q - 1),
              "experiencias" = left(t."experiencias", m.p - 1) || substr(m.s, m.q)
        from (select "id" as mid, strpos("experiencias", ${ADAPTED_WISH}) as p, substr("experiencias", strpos("experiencias", ${ADAPTED_WISH}) + 2) as s,
                     strpos(substr("experiencias", strpos("experiencias", ${ADAPTED_WISH}) + 2), E'\\n\\nApoios para ') as q
                from "${table}" where "nota" is not null and strpos("experiencias", ${ADAPTED_WISH}) > 0) m
       where t."id" = m.mid and m.q > 0;`);
      // An offline regeneration's wish: the last paragraph of Experiências.
      this.addSql(`update "${table}" t set "nota" = coalesce(t."nota" || E'\\n', '') || substr(t."experiencias", m.p + 2),
              "experiencias" = left(t."experiencias", m.p - 1)
        from (select "id" as mid, strpos("experiencias", ${WISH}) as p from "${table}" where strpos("experiencias", ${WISH}) > 0) m
       where t."id" = m.mid and strpos(substr(t."experiencias", m.p + 2), E'\\n\\n') = 0;`);
    }
  }

  override async down(): Promise<void> {
    // The notes go back where they were: first the wish (the last paragraph), then an adaptation's line first.
    for (const table of ['aulas', 'aula_versoes']) {
      this.addSql(`update "${table}" set "experiencias" = coalesce("experiencias", '') || E'\\n\\n' || "nota"
        where "nota" like 'Nota do professor (registrada sem IA%';`);
      this.addSql(`update "${table}" set "experiencias" = split_part("nota", E'\\n', 1) || E'\\n' || coalesce("experiencias", '')
        where "nota" like 'Adaptação para %';`);
      this.addSql(`alter table "${table}" drop column "nota";`);
    }
  }
}
