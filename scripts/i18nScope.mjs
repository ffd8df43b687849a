// The views that speak both languages (issue 48): ESLint refuses a literal user-facing string in them
// (formatjs/no-literal-string-in-jsx). Shared by eslint.config.js and the i18n check.
export const TRANSLATED_VIEWS = [
  'src/views/LoginPage.tsx',
  // The shell and sign-in.
  'src/views/CredentialsForm.tsx',
  'src/views/OtpForm.tsx',
  'src/views/RecoveryCodeForm.tsx',
  'src/views/RecoveryCodesDialog.tsx',
  'src/views/RecoveryCodesSection.tsx',
  'src/views/Header.tsx',
  'src/views/Sidebar.tsx',
  'src/views/DashboardLayout.tsx',
  'src/views/DashboardRoutes.tsx',
  'src/views/NotFoundPage.tsx',
  'src/views/ComingSoonPage.tsx',
  'src/views/UserSettingsPage.tsx',
  'src/views/DocumentTitle.tsx',
  'src/views/pageViews.tsx',
  'src/views/pageTitles.ts',
  'src/views/BrandMark.tsx',
  'src/views/settings/**',
];
