// Writes a long clip for the viewer's large-page test: the header of a BVH file and its motion
// repeated (forwards, then backwards, so the loop has no jump) up to FRAMES frames.
//
//   node long-clip.mjs IN.bvh OUT.bvh [FRAMES]     (default 72000: 10 minutes at 120 Hz)
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, count = '72000'] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node long-clip.mjs IN.bvh OUT.bvh [FRAMES]');
  process.exit(2);
}
const frames = Number(count);
const lines = readFileSync(input, 'utf8').split(/\r?\n/);
const at = lines.findIndex((l) => /^\s*Frame Time:/i.test(l));
if (at < 0) throw new Error(`${input}: no "Frame Time:" line`);
const header = lines.slice(0, at + 1).map((l) => (/^\s*Frames:/i.test(l) ? `Frames: ${frames}` : l));
const motion = lines.slice(at + 1).filter((l) => l.trim() !== '');
const order = motion.concat(motion.slice(1, -1).reverse());
const out = header.slice();
for (let f = 0; f < frames; f++) out.push(order[f % order.length]);
writeFileSync(output, out.join('\n') + '\n');
console.log(`${output}: ${frames} frames`);
