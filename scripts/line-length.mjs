// No line of the project's code over 120 characters (the formatter keeps code within it; this catches
// what it cannot fold: comments, strings and test names). Prints each long line and exits 1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.mjs', '*.js'], {
  encoding: 'utf8',
})
  .split('\n')
  // an applied migration is kept byte for byte (docs/developing.md), however long its SQL lines
  .filter((f) => f && !f.startsWith('test/fixtures/') && !f.startsWith('completions/'))
  .filter((f) => f !== 'src/server/store/migrations.ts');
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, i) => {
    if ([...line].length > LIMIT) long.push(`${file}:${i + 1}: ${[...line].length} characters`);
  });
}
if (long.length > 0) {
  process.stderr.write(`${long.join('\n')}\n${long.length} line(s) over ${LIMIT} characters\n`);
  process.exitCode = 1;
}
