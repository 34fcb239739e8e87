// The team module's face: what other modules may use of it. Its routes are registered by app.ts.
export { maskedPerson, personColumns, personName } from './people.ts';
