// Regenerates completions/acct.{bash,zsh,fish} from the command tree (run after `npm run build`).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

for (const shell of ['bash', 'zsh', 'fish']) {
  const script = execFileSync(process.execPath, ['bin/acct.js', 'completion', shell], { encoding: 'utf8' });
  writeFileSync(`completions/acct.${shell}`, script);
}
