import { Migration20261122000001_initial } from './Migration20261122000001_initial';
import { Migration20261122000200_curriculum_expectativas } from './Migration20261122000200_curriculum_expectativas';
import { Migration20261122000300_queue_prefix } from './Migration20261122000300_queue_prefix';

/** Every migration, in order; listed here so the compiled app needs no file globbing. */
export const MIGRATIONS = [
  { name: 'Migration20261122000001_initial', class: Migration20261122000001_initial },
  { name: 'Migration20261122000200_curriculum_expectativas', class: Migration20261122000200_curriculum_expectativas },
  { name: 'Migration20261122000300_queue_prefix', class: Migration20261122000300_queue_prefix },
];
