/**
 * The lint rules an outside plugin runs with (`atrium-plugin lint`): the repo's own rules, whose TypeScript rules
 * apply to any folder; the plugin's eslint.config.js spreads them. The repo's ignore list names repo paths only.
 */
import repoConfig from '../../../eslint.config.js';

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tap/**'] },
  ...repoConfig.filter((entry) => !(entry.ignores && Object.keys(entry).length === 1)),
];
