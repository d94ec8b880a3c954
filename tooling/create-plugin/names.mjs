/** The names a plugin id turns into (one id used everywhere: folder, prefix, remote, plan flag). */
export const ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function validateId(id) {
  if (!id) return 'give the plugin id, e.g. `npm run create-plugin -- sla-timer`';
  if (id.length > 40) return `"${id}" is longer than 40 characters`;
  if (!ID_PATTERN.test(id)) return `"${id}" is not kebab-case (lowercase letters and digits, words joined by "-", starting with a letter)`;
  return null;
}

export function namesOf(id) {
  const words = id.split('-');
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  const camel = pascal[0].toLowerCase() + pascal.slice(1);
  return {
    id,
    pascal,
    camel,
    title: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' '),
    planFlag: `use${pascal}`,
    remoteName: `atrium_${id.replace(/-/g, '_')}`,
  };
}

/** The core range a new plugin declares: this core version up to the next major. */
export function coreRange(version) {
  const major = Number(version.split('.')[0]);
  return `>=${version} <${major + 1}.0.0`;
}
