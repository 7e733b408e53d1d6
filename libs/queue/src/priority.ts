/**
 * Fairness in the generation queue (decisions.md, "Generation": Fairness). BullMQ takes a job of lower priority
 * number first. A first generation always goes before a regeneration, and a regeneration before an assessment
 * (each kind has its own band); inside a band a teacher's job is ranked by how many of her jobs of that band are
 * already waiting or running, so one teacher's 35th plan waits behind every other teacher's first. Together with
 * the worker's per-teacher share of running jobs (worker/src/core/fair-share.ts), no teacher's volume holds
 * another's first lesson back by more than about one lesson's time.
 */
export const JOB_BANDS = ['first-generation', 'regeneration', 'assessment'] as const;
export type JobBand = (typeof JOB_BANDS)[number];

/** The jobs of one teacher that one band tells apart; beyond this her jobs share the band's last priority. */
const BAND_WIDTH = 1000;

/**
 * The BullMQ priority of a teacher's job: its band, then her backlog in that band (her other jobs waiting or
 * running when this one is queued), so the first job of each teacher goes first.
 */
export function jobPriority(band: JobBand, backlog: number): number {
  const rank = Math.min(Math.max(0, Math.floor(backlog)), BAND_WIDTH - 1);
  return 1 + JOB_BANDS.indexOf(band) * BAND_WIDTH + rank;
}
