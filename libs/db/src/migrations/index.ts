import { Migration20261122000001_initial } from './Migration20261122000001_initial';
import { Migration20261122000200_curriculum_expectativas } from './Migration20261122000200_curriculum_expectativas';
import { Migration20261122000300_queue_prefix } from './Migration20261122000300_queue_prefix';
import { Migration20261123000100_planos_list_keyset } from './Migration20261123000100_planos_list_keyset';
import { Migration20261123000200_aulas_summary_index } from './Migration20261123000200_aulas_summary_index';

/** Every migration, in order; listed here so the compiled app needs no file globbing. */
export const MIGRATIONS = [
  { name: 'Migration20261122000001_initial', class: Migration20261122000001_initial },
  { name: 'Migration20261122000200_curriculum_expectativas', class: Migration20261122000200_curriculum_expectativas },
  { name: 'Migration20261122000300_queue_prefix', class: Migration20261122000300_queue_prefix },
  { name: 'Migration20261123000100_planos_list_keyset', class: Migration20261123000100_planos_list_keyset },
  { name: 'Migration20261123000200_aulas_summary_index', class: Migration20261123000200_aulas_summary_index },
];
