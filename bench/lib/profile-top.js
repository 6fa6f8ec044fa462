'use strict';
// `node bench/lib/profile-top.js <file.cpuprofile> [n] [fromS toS]`: the top frames of a V8 CPU
// profile by self time and by inclusive time, as quoted in docs/benchmarks.md. With fromS/toS only the
// samples taken that many seconds after the profile started (e.g. the measured window, not start-up).
const { readFileSync } = require('node:fs');

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] || 25);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const from = process.argv[4] === undefined ? -Infinity : Number(process.argv[4]) * 1e6;
const to = process.argv[5] === undefined ? Infinity : Number(process.argv[5]) * 1e6;
const dt = new Map();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] || 0;
  if (at >= from && at < to) dt.set(id, (dt.get(id) || 0) + (profile.timeDeltas[i] || 0));
});
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children || []) parent.set(child, node.id);
const label = (node) => {
  const f = node.callFrame;
  const file = f.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
};
const self = new Map();
const total = new Map();
let sum = 0;
for (const [id, time] of dt) {
  sum += time;
  const own = label(byId.get(id));
  self.set(own, (self.get(own) || 0) + time);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) || 0) + time);
  }
}
const print = (title, map) => {
  console.log(`\n${title} (of ${(sum / 1e6).toFixed(1)} s sampled)`);
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([l, t]) => console.log(`${((100 * t) / sum).toFixed(1).padStart(5)}%  ${l}`));
};
print('self time', self);
print('inclusive time', total);
