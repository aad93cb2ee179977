// @size-limit/preset-small-lib ships no declarations; the bench hands its plugins to size-limit as they are.
declare module '@size-limit/preset-small-lib' {
  const plugins: Array<(...args: never[]) => unknown>;
  export default plugins;
}
