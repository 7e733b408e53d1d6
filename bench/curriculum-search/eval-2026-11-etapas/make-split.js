// Checks items.json (3 to 16 words a description; every accepted code is of the item's stage, year and subject, and is
// listed once), flags each item `sharesNoWord` (no content word in common with its first accepted item's text and
// unit) and writes dev.json (tune on it) and heldout.json (scored once, at the end), stratified by (flag, stage and
// subject) with a fixed seed (2611270).
//
//   npx tsc -b libs/curriculum && node make-split.js
const { readFileSync } = require('fs');
const { resolve } = require('node:path');
const { checkItems, splitItems, writeHalves } = require('./tools');

const { about, items } = JSON.parse(readFileSync(resolve(__dirname, 'items.json'), 'utf8'));
checkItems(items);
writeHalves(__dirname, about, splitItems(items, 2611270));
