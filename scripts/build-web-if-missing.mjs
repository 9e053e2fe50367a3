// Builds the web app when no build exists yet, so `npm start` works on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// A build named by WEB_DIST is the one served: the default folder is not needed then.
if (!process.env.WEB_DIST && !existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('[tripline] Building the web app (first start only)…');
  execSync('npm run build -w apps/web', { stdio: 'inherit' });
}
