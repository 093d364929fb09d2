// Internal helper of the action modules: two addresses are the same whatever their case; anything else is not.

/** True when both are strings naming the same address (case-insensitive); false for a missing one. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
