// placeholder until the plugin lands (see issue 2); replaced by the real rules.
export default function plugin() { return { id: 'payments-connect', rules: { oas3: {} } }; }
