// Runs the Khronos glTF validator on each file given; prints its counts and every error and
// warning, and exits 1 when any file has an error (warnings and infos are reported only).
// Usage: node validate.mjs FILE.glb [FILE.glb ...]
import { readFile } from 'node:fs/promises';
import validator from 'gltf-validator';

let failed = false;
for (const file of process.argv.slice(2)) {
  const data = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(data, {
    maxIssues: 20,
    externalResourceFunction: () => Promise.reject(new Error('no external resources')),
  });
  const { numErrors, numWarnings, numInfos, numHints } = report.issues;
  console.log(`${file}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos, ${numHints} hints`);
  for (const m of report.issues.messages) {
    if (m.severity <= 1) {
      console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    }
  }
  if (numErrors > 0) failed = true;
}
process.exit(failed ? 1 : 0);
