// The views that speak both languages (issue 48): ESLint refuses a literal user-facing string in them
// (formatjs/no-literal-string-in-jsx). Shared by eslint.config.js and the i18n check.
export const TRANSLATED_VIEWS = [
  'src/views/LoginPage.tsx',
  'src/views/payins/**',
  'src/views/disbursement/**',
  'src/views/callbacks/**',
];
