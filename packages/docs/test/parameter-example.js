/**
 * The example a sample takes for a parameter: its first named example, as the contract model reads it.
 * @param {import('@payments-connect/contract').Contract} contract
 * @param {string} name the parameter's name (`rfiId`, `AccountId`)
 * @returns {unknown}
 */
export function parameterExample(contract, name) {
  const parameter = contract.operations.flatMap((operation) => operation.parameters).find((p) => p.name === name);
  if (parameter?.example === undefined) throw new Error(`no example of the parameter ${name}`);
  return parameter.example;
}
