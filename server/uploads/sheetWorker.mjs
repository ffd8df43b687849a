// The worker thread's entry. Plain JavaScript because a worker starts without the TypeScript
// loader that the server (tsx) or the tests (vitest) run under; it registers tsx itself and then
// loads the parser. Registering again where the loader is inherited is harmless.
import { register } from 'tsx/esm/api';

register();
const parser = import('./sheetParse.ts');

export default async function parse(task) {
  return (await parser).readSheet(task);
}
