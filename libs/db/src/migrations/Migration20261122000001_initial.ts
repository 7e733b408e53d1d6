import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000001_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" uuid primary key,
      "email" varchar(254) not null unique,
      "password" varchar(255) not null,
      "first_name" varchar(100) null,
      "last_name" varchar(100) null,
      "profile_image_url" varchar(2000) null,
      "credits" integer not null default 35 check ("credits" >= 0),
      "role" varchar(16) not null default 'teacher' check ("role" in ('teacher', 'admin')),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);

    // connect-pg-simple's session store (spec: sid, sess, expire).
    this.addSql(`create table "session" (
      "sid" varchar not null primary key,
      "sess" json not null,
      "expire" timestamp(6) not null);`);
    this.addSql(`create index "session_expire_idx" on "session" ("expire");`);

    this.addSql(`create table "turmas" (
      "id" uuid primary key,
      "nome_professor" varchar(200) not null,
      "numero" varchar(200) not null,
      "escola" varchar(200) not null,
      "ano" varchar(1) not null check ("ano" in ('1','2','3','4','5','6','7','8','9')),
      "estado" varchar(2) not null default 'RS' check ("estado" = 'RS'),
      "instituicao" varchar(32) not null default 'SEDUC-RS_2025' check ("instituicao" = 'SEDUC-RS_2025'),
      "observacoes_adicionais" text null,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "turmas_user_id_index" on "turmas" ("user_id");`);

    this.addSql(`create table "planos_aula" (
      "id" uuid primary key,
      "tema_principal" varchar(200) not null,
      "materia_geral" varchar(32) not null,
      "turma_id" uuid not null references "turmas" ("id") on update cascade on delete cascade,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "status" varchar(16) not null default 'gerado',
      "limit_one_skill" boolean not null default true,
      "preferir_seduc" boolean not null default true,
      "nivel_detalhamento" smallint not null default 3 check ("nivel_detalhamento" between 1 and 5),
      "generation_state" varchar(16) not null default 'queued' check ("generation_state" in ('queued','running','done','failed')),
      "generation_error" text null,
      "credit_refunded" boolean not null default false,
      "generator" varchar(16) null,
      "idempotency_key" varchar(128) null,
      "enqueued_at" timestamptz null,
      "finished_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "planos_aula_turma_id_index" on "planos_aula" ("turma_id");`);
    this.addSql(`create index "planos_aula_user_id_created_at_index" on "planos_aula" ("user_id", "created_at");`);
    this.addSql(`create unique index "planos_aula_user_idempotency_key_unique" on "planos_aula" ("user_id", "idempotency_key") where "idempotency_key" is not null;`);
    this.addSql(`create index "planos_aula_generation_state_index" on "planos_aula" ("generation_state") where "generation_state" in ('queued','running');`);

    this.addSql(`create table "aulas" (
      "id" uuid primary key,
      "plano_id" uuid not null references "planos_aula" ("id") on update cascade on delete cascade,
      "numero_aula" smallint not null check ("numero_aula" between 1 and 15),
      "materia" varchar(32) not null,
      "prompt" text not null,
      "habilidades" text null,
      "objetivos" text null,
      "objetos_conhecimento" text null,
      "experiencias" text null,
      "evidencias" text null,
      "habilidade_codes" jsonb not null default '[]',
      "generation_state" varchar(16) not null default 'pending',
      "generation_error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "aulas_plano_id_numero_aula_unique" unique ("plano_id", "numero_aula"));`);

    this.addSql(`create table "feedback" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "rating" smallint not null check ("rating" between 1 and 5),
      "comment" varchar(500) null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "feedback_user_id_index" on "feedback" ("user_id");`);

    this.addSql(`create table "password_reset_tokens" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "token_hash" varchar(64) not null unique,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "password_reset_tokens_user_id_index" on "password_reset_tokens" ("user_id");`);

    this.addSql(`create table "frontend_error_logs" (
      "id" uuid primary key,
      "user_id" uuid null references "users" ("id") on update cascade on delete set null,
      "message" text not null,
      "stack" text null,
      "component_stack" text null,
      "timestamp" varchar(64) null,
      "url" text null,
      "user_agent" text null,
      "created_at" timestamptz not null default now());`);

    this.addSql(`create table "email_logs" (
      "id" uuid primary key,
      "admin_id" uuid null references "users" ("id") on update cascade on delete set null,
      "admin_email" varchar(254) not null,
      "subject" varchar(200) not null,
      "html" text not null,
      "text" text null,
      "to_addresses" jsonb not null,
      "cc_addresses" jsonb not null,
      "bcc_addresses" jsonb not null,
      "recipient_count" integer not null,
      "status" varchar(16) not null default 'queued',
      "error" text null,
      "attempts" integer not null default 0,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "email_logs_created_at_index" on "email_logs" ("created_at");`);

    this.addSql(`create table "curriculum_skills" (
      "code" varchar(16) primary key,
      "component" varchar(32) not null,
      "bncc_component" varchar(64) not null,
      "years" jsonb not null,
      "unit" text not null,
      "field" text null,
      "axis" text null,
      "knowledge_objects" jsonb not null,
      "description" text not null,
      "source" varchar(8) not null default 'bncc');`);
    this.addSql(`create index "curriculum_skills_component_index" on "curriculum_skills" ("component");`);
  }

  override async down(): Promise<void> {
    for (const t of ['curriculum_skills', 'email_logs', 'frontend_error_logs', 'password_reset_tokens', 'feedback', 'aulas', 'planos_aula', 'turmas', 'session', 'users']) {
      this.addSql(`drop table if exists "${t}" cascade;`);
    }
  }
}
