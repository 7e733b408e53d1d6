const { readFileSync } = require('fs');
const { fromBncc, inScope } = require('../../../libs/curriculum/dist');
const records = JSON.parse(readFileSync(require('node:path').resolve(__dirname, '../../../libs/curriculum/data/bncc-ef.json'),'utf8')).map(fromBncc);
const subjects = ['matematica','portugues','ciencias','historia','geografia','artes','educacao-fisica','ingles','musica','ensino-religioso'];
let seed = 20261125; const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let ano = 1; ano <= 9; ano++) for (const m of subjects) {
  const pool = records.filter(r => inScope(r, m, ano));
  if (!pool.length) continue;
  const picked = new Set(); const n = Math.min(4, pool.length);
  while (picked.size < n) picked.add(pool[Math.floor(rnd() * pool.length)]);
  for (const r of picked) console.log(`${ano}|${m}|${r.code}|${r.description.slice(0,170)}`);
}
