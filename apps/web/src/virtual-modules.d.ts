declare module 'virtual:tandem-messages/*' {
  /** A part of one language's catalogue: a subset of its top-level sections. */
  const messages: Record<string, unknown>;
  export default messages;
}
