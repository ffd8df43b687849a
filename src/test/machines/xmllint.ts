// Validates SCXML against the W3C SCXML 1.0 XML Schema with xmllint (Debian: libxml2-utils). The schema
// is a local copy (src/test/fixtures/scxml-xsd: W3C's files byte for byte, except that scxml.xsd and
// scxml-attribs.xsd import the xml.xsd beside them), and --nonet keeps xmllint off the network.
// libxml2 does not check that an IDREF (a transition's target, an initial) names an existing id.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SCXML_XSD = fileURLToPath(new URL('../fixtures/scxml-xsd/scxml.xsd', import.meta.url));

export interface XmllintResult {
  /** Every document is well-formed and valid. */
  ok: boolean;
  /** xmllint's report: "<file> validates" per valid file, the errors and "<file> fails to validate" otherwise. */
  output: string;
}

function xmllint(files: readonly string[], input?: string): XmllintResult {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', SCXML_XSD, ...files], {
    input,
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`xmllint did not run (apt-get install libxml2-utils): ${run.error.message}`);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Validates SCXML files (paths as given, relative to the working directory). */
export function validateScxml(paths: readonly string[]): XmllintResult {
  // With no file xmllint prints its usage and fails: say why instead.
  if (paths.length === 0) throw new Error('validateScxml: no file to validate');
  return xmllint(paths);
}

/** Validates one SCXML document given as text (read by xmllint from its standard input, named "-"). */
export function validateScxmlText(document: string): XmllintResult {
  return xmllint(['-'], document);
}
