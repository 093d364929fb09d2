/** A printable stand-in for a reservation id that is not a string (never throws, never echoes objects). */
export function describeId(id: unknown): string {
  return typeof id === 'string' ? id : `<${id === null ? 'null' : typeof id}>`;
}
