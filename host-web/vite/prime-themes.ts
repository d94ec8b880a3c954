import { createReadStream, readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { brandableTheme } from './brandable-theme';

/**
 * PrimeReact themes as separate files under /themes/<name>/ (theme.css + fonts), so the console can
 * switch light and dark at run time by swapping one <link> — only the chosen theme is downloaded. Their primary
 * palette is rewritten into CSS variables (brandable-theme.ts): the operator's colour applies without a rebuild.
 */
export function primeThemes(names: string[]): Plugin {
  const require = createRequire(import.meta.url);
  const themesRoot = path.join(path.dirname(require.resolve('primereact/package.json')), 'resources', 'themes');
  const files = (name: string) => {
    const dir = path.join(themesRoot, name);
    const fonts = existsSync(path.join(dir, 'fonts')) ? readdirSync(path.join(dir, 'fonts')).map((f) => `fonts/${f}`) : [];
    return ['theme.css', ...fonts].map((rel) => ({ rel, abs: path.join(dir, rel) }));
  };
  return {
    name: 'atrium-prime-themes',
    configureServer(server) {
      server.middlewares.use('/themes', (req, res, next) => {
        const [name, ...rest] = (req.url ?? '').split('?')[0].replace(/^\//, '').split('/');
        if (!names.includes(name)) return next();
        const file = files(name).find((f) => f.rel === rest.join('/'));
        if (!file) return next();
        if (file.rel.endsWith('.css')) {
          res.setHeader('Content-Type', 'text/css');
          res.end(brandableTheme(readFileSync(file.abs, 'utf8')));
          return;
        }
        res.setHeader('Content-Type', 'font/woff2');
        createReadStream(file.abs).pipe(res);
      });
    },
    generateBundle() {
      for (const name of names) {
        for (const file of files(name)) {
          const source = file.rel.endsWith('.css') ? brandableTheme(readFileSync(file.abs, 'utf8')) : readFileSync(file.abs);
          this.emitFile({ type: 'asset', fileName: `themes/${name}/${file.rel}`, source });
        }
      }
    },
  };
}
