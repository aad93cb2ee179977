/**
 * Defers loading faker until Prism first generates dynamic data.
 *
 * Prism's generator module requires `@faker-js/faker` (with every locale: some 2000 files, a third of
 * Prism's load time) as it loads, yet uses it only to answer dynamically (`--dynamic`,
 * `Prefer: dynamic=true`). A stand-in placed in the module cache loads the real faker on first use.
 * json-schema-faker stores `faker.default` at load time without touching it, so that is a stand-in too.
 * @param {NodeJS.Require} prismRequire a `require` of Prism's own location, whose faker is the one deferred
 */
export function deferFakerLoading(prismRequire) {
  const fakerPath = prismRequire.resolve('@faker-js/faker');
  const cache = prismRequire.cache;
  if (cache[fakerPath]) return;
  /** @type {any} */
  let faker;
  /** @returns {any} */
  const load = () => {
    if (!faker) {
      delete cache[fakerPath]; // the real module takes the stand-in's place
      faker = prismRequire(fakerPath);
    }
    return faker;
  };
  /**
   * @param {() => any} target
   * @param {Record<string | symbol, unknown>} [known]
   */
  const deferred = (target, known = {}) =>
    new Proxy(
      {},
      {
        get: (_, key) => (Object.hasOwn(known, key) ? known[key] : target()[key]),
        set: (_, key, value) => Reflect.set(target(), key, value),
        has: (_, key) => key in target(),
        ownKeys: () => Reflect.ownKeys(target()),
        getOwnPropertyDescriptor: (_, key) => ({
          ...Reflect.getOwnPropertyDescriptor(target(), key),
          configurable: true,
        }),
      },
    );
  const fakerInstance = deferred(() => load().default);
  const exports = deferred(load, { default: fakerInstance });
  cache[fakerPath] = /** @type {NodeJS.Module} */ (
    /** @type {unknown} */ ({
      id: fakerPath,
      filename: fakerPath,
      loaded: true,
      exports,
      children: [],
      paths: [],
    })
  );
}
