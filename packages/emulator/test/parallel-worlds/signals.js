// What the two files of this folder tell each other by: the operation the mover's signal fault is on (the keeper never
// calls it), and how many reads the keeper makes once it has checked its world.
export const SIGNAL_OPERATION = 'listWebhooks';
export const READS_AFTER = 10;
