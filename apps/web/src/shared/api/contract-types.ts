/**
 * The parsed payload of a contract schema (what `z.infer` answers), so typed API calls follow the contract
 * without the web app importing zod, which the contract owns.
 */
export type PayloadOf<Schema extends { _zod: { output: unknown } }> = Schema['_zod']['output'];
