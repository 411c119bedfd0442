// CI: DuckDB reads the Parquet files of `xqrules scan --format parquet -o DIR`
// and counts each book's verdicts; the counts must equal scan's own summary
// (DIR/summary*.jsonl, added up over the shards). Run from a folder where
// `npm install @duckdb/node-api` was done: node duckdb_check.mjs DIR
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const want = new Map(); // "ruleset verdict" → count, from scan's summaries
const add = (k, n) => want.set(k, (want.get(k) ?? 0) + n);
for (const f of readdirSync(dir).filter((f) => /^summary.*\.jsonl$/.test(f))) {
  const sum = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  for (const b of sum.summary) {
    add(`${b.ruleset} red-must-vary`, b.red_must_vary);
    add(`${b.ruleset} black-must-vary`, b.black_must_vary);
    add(`${b.ruleset} draw`, b.draw);
    add(`${b.ruleset} error`, b.errors);
    add(`${b.ruleset} unknown`, b.unknown ?? 0);
  }
}
if (want.size === 0) {
  console.log(`no summary*.jsonl in ${dir}: scan wrote no summary, nothing to compare`);
  process.exit(1);
}
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
// The query the README shows: each book's verdicts.
const res = await con.runAndReadAll(`
  SELECT r.ruleset, r.verdict, count(*) AS n
  FROM (SELECT unnest(rulings) AS r FROM read_parquet('${dir}/*.parquet'))
  GROUP BY ALL ORDER BY ALL`);
const got = new Map();
for (const row of res.getRowObjectsJson()) got.set(`${row.ruleset} ${row.verdict}`, Number(row.n));
let bad = 0;
for (const k of new Set([...want.keys(), ...got.keys()])) {
  const w = want.get(k) ?? 0, g = got.get(k) ?? 0;
  if (w !== g) {
    console.log(`mismatch: ${k}: scan's summary ${w}, DuckDB ${g}`);
    bad++;
  }
}
const rulings = [...got.values()].reduce((a, b) => a + b, 0);
if (rulings === 0) {
  console.log('duckdb: no ruling read from the Parquet files');
  bad++;
}
const books = new Set([...want.keys()].map((k) => k.split(' ')[0])).size;
console.log(`duckdb: ${books} books' verdict counts ${bad ? 'differ from' : 'equal'} scan's summary (${rulings} rulings)`);
process.exit(bad ? 1 : 0);
