// Shared logic of the skill search evaluation sets (from eval-2026-11g on): the BNCC records, the codes earlier sets
// accepted, the seeded sampling of skills per (year, app subject) pool, the item checks and the stratified
// dev/held-out split. It loads only the record and subject helpers of libs/curriculum/dist, never the search code,
// and reads only the `accept` codes of earlier sets, never their descriptions.
const { readFileSync, writeFileSync } = require('fs');
const { resolve } = require('node:path');
const { fromBncc } = require('../../libs/curriculum/dist/curriculum-record');
const { readCurriculumFiles } = require('../../libs/curriculum/dist/curriculum-files');
const { inScope } = require('../../libs/curriculum/dist/materia');
const { sharesNone } = require('./eval-2026-11b/overlap');

const SUBJECTS = ['matematica', 'portugues', 'ciencias', 'historia', 'geografia', 'artes', 'educacao-fisica', 'ingles', 'musica', 'ensino-religioso'];

/** A linear congruential generator in [0, 1), the one every set since eval-2026-11c uses. */
function seeded(seed) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

let cached;
/** Every BNCC skill of the Ensino Fundamental as a curriculum record. */
function records() {
  if (!cached) cached = JSON.parse(readFileSync(resolve(__dirname, '../../libs/curriculum/data/bncc-ef.json'), 'utf8')).map(fromBncc);
  return cached;
}

let cachedAll;
/** Every record of every stage (infantil, fundamental, médio, Computação), as the library reads them. */
function allRecords() {
  if (!cachedAll) cachedAll = readCurriculumFiles(resolve(__dirname, '../../libs/curriculum/data')).records;
  return cachedAll;
}

/** The codes accepted by the given set files (paths relative to this folder); only `accept` is read. */
function acceptedCodes(files) {
  const used = new Set();
  for (const f of files) {
    for (const it of JSON.parse(readFileSync(resolve(__dirname, f), 'utf8')).items) for (const c of it.accept || []) used.add(c);
  }
  return used;
}

/**
 * perPool skills of every (year 1-9, subject) pool, fresh codes (not in `used`) first, then reused ones; no code is
 * sampled twice, so pools whose skills span several years run dry in the later years.
 */
function sampleSkills({ seed, perPool, used }) {
  const rnd = seeded(seed);
  const taken = new Set();
  const sample = [];
  for (let ano = 1; ano <= 9; ano++) for (const materia of SUBJECTS) {
    const pool = records().filter((r) => inScope(r, materia, ano));
    if (!pool.length) continue;
    const picked = [];
    for (const from of [pool.filter((r) => !used.has(r.code) && !taken.has(r.code)), pool.filter((r) => used.has(r.code) && !taken.has(r.code))]) {
      while (picked.length < perPool && from.some((r) => !picked.includes(r))) {
        const r = from[Math.floor(rnd() * from.length)];
        if (!picked.includes(r)) picked.push(r);
      }
    }
    for (const record of picked) {
      taken.add(record.code);
      sample.push({ ano, materia, record, reused: used.has(record.code), others: pool.filter((o) => o !== record) });
    }
  }
  return sample;
}

/**
 * For sets that name stages: `n` items of each pool in the given order ({etapa, ano, materia, n, from?}); `from`
 * narrows which of the pool's records may be sampled (médio's Linguagens without its Língua Portuguesa skills), the
 * siblings shown stay the whole pool. `ano: null` (médio, whose skills have no série) draws a série 1-3. No code is
 * sampled twice.
 */
function samplePools({ seed, pools }) {
  const rnd = seeded(seed);
  const taken = new Set();
  const sample = [];
  for (const { etapa, ano: fixedAno, materia, n, from = () => true } of pools) {
    const inPool = (ano) => allRecords().filter((r) => inScope(r, materia, ano, etapa));
    const candidates = inPool(fixedAno ?? 1).filter((r) => from(r) && !taken.has(r.code));
    const picked = [];
    while (picked.length < n && picked.length < candidates.length) {
      const r = candidates[Math.floor(rnd() * candidates.length)];
      if (!picked.includes(r)) picked.push(r);
    }
    for (const record of picked) {
      const ano = fixedAno ?? 1 + Math.floor(rnd() * 3);
      taken.add(record.code);
      sample.push({ etapa, ano, materia, record, reused: false, others: inPool(ano).filter((o) => o !== record) });
    }
  }
  return sample;
}

/** Prints the sample a skill a line (year|subject|code|unit|objects|description[|REUSED]), with its pool if asked. */
function printSample(sample, showPools) {
  for (const { ano, materia, record: r, reused, others } of sample) {
    console.log(`${r.etapa === 'fundamental' ? '' : `${r.etapa}|`}${ano}|${materia}|${r.code}|${r.unit}|${(r.knowledgeObjects || []).join('; ')}|${r.description}${reused ? '|REUSED' : ''}`);
    if (showPools) for (const o of others) console.log(`    ${o.code} [${o.unit}] ${o.description}`);
  }
  console.error(`${sample.length} skills, ${sample.filter((s) => s.reused).length} used by an earlier set`);
}

/** Throws unless every item has minWords to maxWords words and accepts existing, in-scope codes, each once. */
function checkItems(items, minWords = 3, maxWords = 14) {
  const byCode = new Map(allRecords().map((r) => [r.code, r]));
  for (const it of items) {
    if (new Set(it.accept).size !== it.accept.length) throw new Error(`repeated code in ${it.accept} (${it.q})`);
    const n = it.q.trim().split(/\s+/).length;
    if (n < minWords || n > maxWords) throw new Error(`${n} words: ${it.q}`);
    for (const c of it.accept) {
      const r = byCode.get(c);
      if (!r || !inScope(r, it.materia, Number(it.ano), it.etapa)) throw new Error(`${c} is not a skill of ${it.etapa ?? ''} ${it.materia} ${it.ano} (${it.q})`);
    }
  }
}

/**
 * Flags each item `sharesNoWord` (the stricter measure of eval-2026-11b/overlap.js: against the first accepted skill's
 * description, knowledge objects and unit) and splits the items into two halves stratified by (flag, subject): each
 * stratum is shuffled and dealt alternately, and the half that gets a stratum's odd item alternates. Sample order kept.
 */
function splitItems(items, seed, subjectOf = (it) => it.materia) {
  const rnd = seeded(seed);
  const flagged = items.map((it) => ({ ...it, sharesNoWord: sharesNone(it, true) }));
  const strata = Map.groupBy(flagged, (it) => `${it.sharesNoWord ? 'none' : 'shares'}|${subjectOf(it)}`);
  const halves = [[], []]; // [dev, heldout]
  let offset = 0; // flips after each stratum of odd size, so the halves stay even
  for (const key of [...strata.keys()].sort()) {
    const group = strata.get(key);
    shuffleInPlace(group, rnd).forEach((it, i) => halves[(i + offset) % 2].push(it));
    offset ^= group.length % 2;
  }
  const order = new Map(flagged.map((it, i) => [it, i]));
  const [dev, heldout] = halves.map((half) => half.sort((a, b) => order.get(a) - order.get(b)));
  return { flagged, dev, heldout };
}

/** Fisher-Yates from the last element down (the order of draws every earlier split used, so seeds keep their meaning). */
function shuffleInPlace(list, rnd) {
  for (let last = list.length - 1; last > 0; last--) {
    const k = Math.floor(rnd() * (last + 1));
    [list[last], list[k]] = [list[k], list[last]];
  }
  return list;
}

/** Writes dev.json and heldout.json into dir, each with its `about`, and prints the counts. */
function writeHalves(dir, about, { flagged, dev, heldout }, subjectOf = (it) => it.materia) {
  writeFileSync(resolve(dir, 'dev.json'), JSON.stringify({ about: `${about} This file: the development half. Measure and tune on it; score.js reports it by stratum.`, items: dev }, null, 1) + '\n');
  writeFileSync(resolve(dir, 'heldout.json'), JSON.stringify({ about: `${about} This file: the held-out half. Score it only once, at the end, with the final search; never tune on it, never look at its misses before that.`, items: heldout }, null, 1) + '\n');
  for (const [name, list] of [['all', flagged], ['dev', dev], ['heldout', heldout]]) {
    const none = list.filter((i) => i.sharesNoWord).length;
    console.log(`${name}: ${list.length} items; share no content word with their skill's description, knowledge objects and unit: ${none} (${(100 * none / list.length).toFixed(0)}%); ${list.filter((i) => i.accept.length > 1).length} accept a sibling`);
  }
  for (const m of new Set(flagged.map(subjectOf))) {
    const n = (list) => list.filter((i) => subjectOf(i) === m).length;
    console.log(`  ${m}: ${n(flagged)} (dev ${n(dev)}, heldout ${n(heldout)}); no shared word ${flagged.filter((i) => subjectOf(i) === m && i.sharesNoWord).length}`);
  }
}

module.exports = { SUBJECTS, seeded, records, allRecords, acceptedCodes, sampleSkills, samplePools, printSample, checkItems, splitItems, writeHalves };
