/** A deep copy of a plain record (bigints kept), frozen at every level: stores never share mutable state. */
export function frozenCopy<T>(value: T): T {
  return freeze(structuredClone(value));
}

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}
