// Samples the skills of eval-2026-11f: 3 per (year, app subject) pool over years 1 to 9, with a fixed seed (202611256,
// not the 20261125 of eval-2026-11c, the 20261211 of eval-2026-11d nor the 202611255 of eval-2026-11e). A pool first
// gives codes that no earlier set accepted (eval-set.json, eval-2026-11 to eval-2026-11e), then, when it runs dry,
// codes an earlier set used. Only the earlier sets' `accept` codes are read, never their descriptions, and they are not
// printed. The search code is not loaded (see ../eval-tools.js, the same sampling this script ran when the set was made).
//
//   node sample-skills.js            prints year|subject|code|unit|knowledge objects|description[|REUSED], a skill a line
//   node sample-skills.js --pools    also lists, under each skill, the other skills of its pool (to choose the siblings)
const { acceptedCodes, sampleSkills, printSample } = require('../eval-tools');

const EARLIER = ['eval-set.json', 'eval-2026-11/dev.json', 'eval-2026-11/heldout.json',
  ...['11b', '11c', '11d', '11e'].map((s) => `eval-2026-${s}/items.json`)];

printSample(sampleSkills({ seed: 202611256, perPool: 3, used: acceptedCodes(EARLIER) }), process.argv.includes('--pools'));
