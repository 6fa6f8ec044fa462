'use strict';
// The fenced blocks of one README section, in order, each bash block with the JSON block shown right
// after it (what the README says it prints), if any.
const { readFileSync } = require('node:fs');

function readmeSection(readmePath, heading) {
  const text = readFileSync(readmePath, 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README section "## ${heading}" not found`);
  const rest = text.slice(start + heading.length + 5);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const blocks = [];
  const fence = /^([ \t]*)```(\w*)\n([\s\S]*?)^\1```$/gm;
  let match;
  while ((match = fence.exec(section))) {
    const indent = match[1];
    const code = match[3]
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    if (match[2] === 'bash') blocks.push({ bash: code, expected: null });
    else if (match[2] === 'json' && blocks.length > 0) blocks[blocks.length - 1].expected = code.trim();
  }
  return blocks;
}

module.exports = { readmeSection };
