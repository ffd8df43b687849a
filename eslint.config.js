// The project's layering, written as lint rules so a wrong import fails `npm run lint` (and so CI):
// views > machines > services, never back; the browser never imports the server; the domain never
// knows it is served over HTTP. Zones follow bulletproof-react's `import/no-restricted-paths` use.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import { TRANSLATED_VIEWS } from './scripts/i18nScope.mjs';

const zones = [
  {
    target: './src',
    from: './server',
    message: 'The browser never imports server code; share a contract in src/services instead.',
  },
  {
    target: './src/services',
    from: './src/machines',
    message: 'services sit below machines: a service never imports a machine.',
  },
  {
    target: './src/services',
    from: './src/views',
    message: 'services sit below views: a service never imports a view.',
  },
  {
    target: './src/machines',
    from: './src/views',
    message: 'machines sit below views: a machine never imports a view.',
  },
  {
    target: './src/views',
    from: ['./src/services/api.ts', './src/services/http.ts'],
    message:
      'A view never calls the API: its page machine owns the call (invoke a fromPromise actor over src/services).',
  },
  {
    // charts.ts is no machine: it reads the registry for `npm run charts`.
    target: ['./src/machines/*/**', './src/machines/!(charts).ts'],
    from: './src/machines/registry.ts',
    message: 'No machine imports the registry (it imports every machine): GuardWords live in guardWords.ts.',
  },
  { target: './server', from: './src/views', message: 'The server never imports a view.' },
  {
    target: './server',
    from: './src/machines',
    except: ['./lifecycle'],
    message: 'The server imports only the lifecycles of src/machines (src/machines/lifecycle), never a page machine.',
  },
  {
    target: './server/domain',
    from: ['./server/http', './server/routes'],
    message: 'server/domain throws domain errors and never knows it is served over HTTP.',
  },
  {
    target: './server/routes',
    from: './server/db',
    message: "Routes only translate HTTP: reading and writing the database is the domain's (server/domain).",
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'docs/**',
      'reports/**',
      '.stryker-tmp*/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
      'src/test/lint/planted/**',
      // Generated from /api/docs by `npm run api:types`.
      'apiClient/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Tests and stand-ins type loosely on purpose; production code is held by tsc's strict mode.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A view enables a button with snapshot.can(event); the role rule lives once, in the machine's guard.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(SUPER ADMIN|ADMIN|CLIENT)$/]',
          message: 'A view never checks a role: ask the machine (snapshot.can(event)).',
        },
        // The machine acts on its own outcome (alert, close, navigate); a view never watches it finish.
        {
          selector: "CallExpression[callee.name='useEffect'] MemberExpression[property.name='subscribe']",
          message: 'A view never subscribes to a machine in an effect: the machine acts on its own outcome.',
        },
        {
          selector: "CallExpression[callee.name='useEffect'] BinaryExpression > Literal[value='done']",
          message: 'A view never reacts to a machine finishing: the machine acts on its own outcome.',
        },
      ],
      // Every dialog closes on Escape and gives the focus back the same way: through the one wrapper.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fluentui/react-components',
              importNames: ['Dialog'],
              message:
                "Use MachineDialog (src/views/common): Escape sends the machine's Cancel or Close, and the focus " +
                'goes back to the opener.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/views/common/MachineDialog.tsx'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Who may do what by user type is decided once, in grants.ts and clientScope.ts: a type's name anywhere else in
    // the server (a comparison, a SQL condition) would be a second rule to keep in step. Seeds and tests name types
    // as data.
    files: ['server/**/*.ts'],
    ignores: ['server/domain/grants.ts', 'server/domain/clientScope.ts', 'server/seed/**', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(SUPER ADMIN|ADMIN|CLIENT|AUDITOR)$/]',
          message: 'Name a user type only in server/domain/grants.ts or clientScope.ts: call a named rule from there.',
        },
        {
          selector: "TemplateElement[value.raw=/'(SUPER ADMIN|ADMIN|CLIENT|AUDITOR)'/]",
          message: 'Name a user type only in server/domain/grants.ts or clientScope.ts: interpolate a rule from there.',
        },
      ],
    },
  },
  {
    // Issue 48: every message a view or a machine writes goes through FormatJS. Its id is the hash of its English
    // (filled in by `eslint --fix`), so the same words are one catalog entry, and `npm run i18n:check` finds them.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['src/test/**', 'server/test/**'],
    plugins: { formatjs },
    settings: { formatjs: { additionalFunctionNames: ['t', 'msg'] } },
    rules: {
      'formatjs/enforce-id': ['error', { idInterpolationPattern: '[sha512:contenthash:base64:6]' }],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/no-multiple-whitespaces': 'error',
    },
  },
  {
    // The views already in two languages write no words of their own: each is a message (scripts/i18nScope.mjs
    // lists them; the list grows to all of src/views).
    files: TRANSLATED_VIEWS,
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,hint,validationMessage,content,header,description}']] } },
      ],
    },
  },
);
