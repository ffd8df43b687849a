// Stryker's vitest runner counts only tests that ran. A mutant that makes a test file fail to load,
// or a beforeAll throw (the server under test no longer starts), leaves that file's tests without a
// result, and the runner calls the mutant survived although the suite is red. This runner is the
// vitest one with that closed: a mutant that survives by the tests' count but left a file or suite
// failed is killed, with the file's error as the reason.
import { PluginKind, commonTokens, declareFactoryPlugin, tokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const vitestFactory = vitestPlugins.find((plugin) => plugin.name === 'vitest').factory;

/** Files and suites that failed outside any test (loading, or a hook), with their first error. */
function failedOutsideTests(runner) {
  const failed = [];
  const visit = (task) => {
    if (task.type === 'test') return;
    if (task.result?.state === 'fail') failed.push(`${task.name}: ${task.result.errors?.[0]?.message ?? 'failed'}`);
    task.tasks?.forEach(visit);
  };
  runner.ctx.state.getFiles().forEach(visit);
  return failed;
}

function createStrictVitestRunner(injector) {
  const runner = vitestFactory(injector);
  const mutantRun = runner.mutantRun.bind(runner);
  runner.mutantRun = async (options) => {
    const result = await mutantRun(options);
    if (result.status !== MutantRunStatus.Survived) return result;
    const failed = failedOutsideTests(runner);
    if (failed.length === 0) return result;
    return {
      status: MutantRunStatus.Killed,
      killedBy: [],
      failureMessage: failed.join('\n'),
      nrOfTests: result.nrOfTests,
    };
  };
  return runner;
}
createStrictVitestRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'vitest-strict', createStrictVitestRunner)];
