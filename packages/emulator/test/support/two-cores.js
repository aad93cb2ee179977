// Loaded with `node --import` into a vitest run (and its workers) that must behave as on the 2-core CI machine,
// whatever this machine has: vitest sizes its default worker pool from availableParallelism (one file at a time on
// two cores, all cores but one elsewhere).
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';

const TWO = 2;
os.availableParallelism = () => TWO;
os.cpus = (
  (cpus) => () =>
    cpus().slice(0, TWO)
)(os.cpus);
syncBuiltinESMExports();
