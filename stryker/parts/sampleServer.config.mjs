import { samplePart } from './sample.mjs';

// The sample's server domain rules, against the server suite (PGlite).
export default samplePart('sample-server', ['server/domain'], { server: ['server/test/**/*.test.ts'] });
