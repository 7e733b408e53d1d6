// Checks items.json (3 to 14 words a description; every accepted code exists, is in scope for the item's year and
// subject and is listed once), flags each item `sharesNoWord` (../eval-2026-11b/overlap.js, against the first accepted
// skill's description, knowledge objects and unit) and writes dev.json (tune on it) and heldout.json (scored once, at
// the end), stratified by (sharesNoWord, subject) with a fixed seed (2611256). See ../eval-tools.js.
//
//   node make-split.js
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { checkItems, splitItems, writeHalves } = require('../eval-tools');

const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
checkItems(items);
writeHalves(__dirname, about, splitItems(items, 2611256));
