// What the two files of this folder share (each works in a tenant of its own, `useTenant`): the operation the one's
// fault is on and how often the other calls it.
/** The operation the fault is on, and the other file calls. */
export const FAULTED_OPERATION = 'getRfiCase';

/** How many calls the other file makes while the fault is pending: each must get its own tenant's answer. */
export const CALLS_BESIDE_THE_FAULT = 20;

/** How many calls the fault may answer: far more than both files make, so that it is still pending at the end. */
export const FAULT_TIMES = 1000;
