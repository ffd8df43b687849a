import { part } from './part.mjs';

// The route table and the one grant decision, against the hand-written authorization matrix.
export default part('authorization', {
  mutate: ['src/services/routes.ts', 'server/domain/grants.ts'],
  unit: [
    'src/test/modulesLoad.test.ts',
    'src/test/services/routes.test.ts',
    'src/test/services/navigation.test.ts',
    'src/test/machines/sessionMachine.test.ts',
  ],
  server: ['server/test/authorizationMatrix.test.ts', 'server/test/routeTable.test.ts', 'server/test/apiDocs.test.ts'],
});
