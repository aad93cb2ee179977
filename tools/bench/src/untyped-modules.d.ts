// What the bench uses of packages that ship no declarations, declared so that checkJs can check the calls.

declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
  }
  interface AutocannonResult {
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** seconds */
    duration: number;
    /** milliseconds, whole */
    latency: { p50: number; p99: number };
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}

declare module '@size-limit/preset-small-lib' {
  const plugins: Array<(...args: never[]) => unknown>;
  export default plugins;
}
