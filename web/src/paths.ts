import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web package's folder and its build output, wherever the process was started from. */
export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = resolve(WEB_ROOT, 'dist');
