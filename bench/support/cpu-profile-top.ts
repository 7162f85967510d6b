/**
 * The top functions of a `.cpuprofile` (bench/support/cpu-profile.ts) by self time and by
 * inclusive time (each function counted once per sample however deep it recurses), as a
 * percentage of the busy samples (idle, program and GC apart), and per call when given the
 * number of calls the window served:
 *
 *   node --import tsx bench/support/cpu-profile-top.ts file.cpuprofile [calls] [rows=30] [filter]
 *
 * `filter` keeps only rows whose function or file contains it.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, callsArgument, rowsArgument = '30', filter = ''] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-top.ts file.cpuprofile [calls] [rows] [filter]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const where = (node: ProfileNode) => {
  const url = node.callFrame.url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'nm/')
    .replace(/.*\/work\/main\//, '');
  return `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const special = new Map<string, number>();
let busy = 0;
for (let index = 0; index < profile.samples.length; index += 1) {
  const micros = profile.timeDeltas[index + 1] ?? 0;
  const node = byId.get(profile.samples[index]!)!;
  const name = node.callFrame.functionName;
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
    special.set(name, (special.get(name) ?? 0) + micros);
    if (name === '(idle)') continue;
  }
  busy += micros;
  self.set(where(node), (self.get(where(node)) ?? 0) + micros);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const key = where(byId.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
  }
}
const calls = callsArgument ? Number(callsArgument) : 0;
const rows = Number(rowsArgument);
const line = (key: string, micros: number) =>
  `${((100 * micros) / busy).toFixed(1).padStart(5)}%${calls ? ` ${(micros / 1000 / calls).toFixed(3).padStart(7)} ms/call` : ''}  ${key}`;
const top = (map: Map<string, number>) =>
  [...map]
    .filter(([key]) => !filter || key.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([key, micros]) => line(key, micros));
const wall = (profile.endTime - profile.startTime) / 1e6;
console.log(
  `window ${wall.toFixed(1)} s, busy (not idle) ${(busy / 1e6).toFixed(2)} s${calls ? `, ${(busy / 1000 / calls).toFixed(3)} ms per call` : ''}; ${[...special].map(([name, micros]) => `${name} ${(micros / 1e6).toFixed(2)} s`).join(', ')}`,
);
console.log(`self time:\n${top(self).join('\n')}`);
console.log(`inclusive time:\n${top(inclusive).join('\n')}`);
