import { Migration20261122000001_initial } from './Migration20261122000001_initial';
import { Migration20261122000200_curriculum_expectativas } from './Migration20261122000200_curriculum_expectativas';
import { Migration20261122000300_queue_prefix } from './Migration20261122000300_queue_prefix';
import { Migration20261123000100_planos_list_keyset } from './Migration20261123000100_planos_list_keyset';
import { Migration20261123000200_aulas_summary_index } from './Migration20261123000200_aulas_summary_index';
import { Migration20261124002000_security_review } from './Migration20261124002000_security_review';
import { Migration20261125000100_lesson_control } from './Migration20261125000100_lesson_control';
import { Migration20261125000200_school_year } from './Migration20261125000200_school_year';
import { Migration20261125000300_ai_calls } from './Migration20261125000300_ai_calls';
import { Migration20261125140000_drop_queue_prefix } from './Migration20261125140000_drop_queue_prefix';
import { Migration20261127161000_regeneration_limits } from './Migration20261127161000_regeneration_limits';
import { Migration20261127162000_lessons_that_teach } from './Migration20261127162000_lessons_that_teach';
import { Migration20261127164100_password_set_by_mail } from './Migration20261127164100_password_set_by_mail';
import { Migration20261127170000_school_calendar } from './Migration20261127170000_school_calendar';
import { Migration20261127170130_lesson_versions_kept } from './Migration20261127170130_lesson_versions_kept';
import { Migration20261127171000_frontend_error_retention } from './Migration20261127171000_frontend_error_retention';
import { Migration20261127174300_avaliacoes } from './Migration20261127174300_avaliacoes';
import { Migration20261127194500_curriculum_etapa } from './Migration20261127194500_curriculum_etapa';
import { Migration20261127200000_dua } from './Migration20261127200000_dua';
import { Migration20261127200500_turma_etapa } from './Migration20261127200500_turma_etapa';
import { Migration20261127210000_materia_campos } from './Migration20261127210000_materia_campos';
import { Migration20261128100000_generation_limits } from './Migration20261128100000_generation_limits';

/** Every migration, in order; listed here so the compiled app needs no file globbing. */
export const MIGRATIONS = [
  { name: 'Migration20261122000001_initial', class: Migration20261122000001_initial },
  { name: 'Migration20261122000200_curriculum_expectativas', class: Migration20261122000200_curriculum_expectativas },
  { name: 'Migration20261122000300_queue_prefix', class: Migration20261122000300_queue_prefix },
  { name: 'Migration20261123000100_planos_list_keyset', class: Migration20261123000100_planos_list_keyset },
  { name: 'Migration20261123000200_aulas_summary_index', class: Migration20261123000200_aulas_summary_index },
  { name: 'Migration20261124002000_security_review', class: Migration20261124002000_security_review },
  { name: 'Migration20261125000100_lesson_control', class: Migration20261125000100_lesson_control },
  { name: 'Migration20261125000200_school_year', class: Migration20261125000200_school_year },
  { name: 'Migration20261125000300_ai_calls', class: Migration20261125000300_ai_calls },
  { name: 'Migration20261125140000_drop_queue_prefix', class: Migration20261125140000_drop_queue_prefix },
  { name: 'Migration20261127161000_regeneration_limits', class: Migration20261127161000_regeneration_limits },
  { name: 'Migration20261127162000_lessons_that_teach', class: Migration20261127162000_lessons_that_teach },
  { name: 'Migration20261127164100_password_set_by_mail', class: Migration20261127164100_password_set_by_mail },
  { name: 'Migration20261127170000_school_calendar', class: Migration20261127170000_school_calendar },
  { name: 'Migration20261127170130_lesson_versions_kept', class: Migration20261127170130_lesson_versions_kept },
  { name: 'Migration20261127171000_frontend_error_retention', class: Migration20261127171000_frontend_error_retention },
  { name: 'Migration20261127174300_avaliacoes', class: Migration20261127174300_avaliacoes },
  { name: 'Migration20261127194500_curriculum_etapa', class: Migration20261127194500_curriculum_etapa },
  { name: 'Migration20261127200000_dua', class: Migration20261127200000_dua },
  { name: 'Migration20261127200500_turma_etapa', class: Migration20261127200500_turma_etapa },
  { name: 'Migration20261127210000_materia_campos', class: Migration20261127210000_materia_campos },
  { name: 'Migration20261128100000_generation_limits', class: Migration20261128100000_generation_limits },
];
