import ts from 'typescript';
import { transformWithTs } from '@formatjs/ts-transformer';
import type { Plugin } from 'vite';

/**
 * Messages compiled at build time, as FormatJS recommends (issue 48): the views' `t({ defaultMessage })` become
 * parsed ICU messages, so react-intl's formatter ships without the ICU parser (about 8 kB gzip, which the login
 * screen's 200 kB budget has no room for). The Indonesian catalog is parsed when it loads (src/i18n/catalogs.ts),
 * in its own chunk, with the parser. `vite dev` and the tests parse at run time as usual. `msg()` texts stay
 * strings: they are English the app translates by their English.
 */
const PARSER = '@formatjs/icu-messageformat-parser';
// The formatter's imports of the parser: every message it is given is parsed already.
const FORMATTER = /node_modules[\\/](intl-messageformat|@formatjs[\\/]intl|react-intl)[\\/]/;
const SOURCE = /\/src\/.+\.tsx?$/;

export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== PARSER || !importer || !FORMATTER.test(importer)) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
    transform(code, id) {
      if (!SOURCE.test(id) || !code.includes('defaultMessage') || id.endsWith('/src/i18n/msg.ts')) return null;
      const output = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: {
          target: ts.ScriptTarget.ESNext,
          module: ts.ModuleKind.ESNext,
          jsx: ts.JsxEmit.Preserve,
          sourceMap: false,
          // Type-only imports go, the rest stay as written: what Vite's own TypeScript handling does.
          verbatimModuleSyntax: false,
        },
        transformers: {
          before: [
            transformWithTs(ts, {
              ast: true,
              additionalFunctionNames: ['t'],
              overrideIdFn: '[sha512:contenthash:base64:6]',
              throws: true,
            }),
          ],
        },
      });
      return { code: output.outputText, map: null };
    },
  };
}
