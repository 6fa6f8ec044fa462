'use strict';
// `node -r ./bench/lib/trace-sql.js dist/main.js`: appends every SQL statement the service sends to
// $TRACE_SQL_FILE, one per line, to write each floor with exactly the service's SQL.
const { appendFileSync } = require('node:fs');
const pg = require('pg');

const file = process.env.TRACE_SQL_FILE || '/tmp/trace-sql.log';
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function traced(config, values, callback) {
  const text = typeof config === 'string' ? config : config && config.text;
  const params = Array.isArray(values) ? values : config && config.values;
  if (text) {
    const short = (params || []).map((v) =>
      typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…` : v,
    );
    appendFileSync(file, `${text.replace(/\s+/g, ' ')}  -- ${JSON.stringify(short)}\n`);
  }
  return original.call(this, config, values, callback);
};
