/** The package's own entry under a private name (see react-i18next.ts). */
declare module 'react-i18next/full' {
  export * from 'react-i18next';
}
