import type { Locator, Page } from 'playwright-core';

// Assertions on a page that wait for the state they assert: a page changes after an action (a click, an event from
// the server) on its own time, which differs from one Chromium build to the next, so a one-off read right after the
// action asserts a race. Each of these polls until the state holds and fails with the last value seen after `ms`.

interface WaitOptions {
  ms?: number;
}

async function poll<T>(
  what: string,
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  { ms = 15_000 }: WaitOptions,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > end)
      throw new Error(`timed out after ${ms} ms waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const matches = (text: string, expected: string | RegExp, exact: boolean) =>
  typeof expected === 'string' ? (exact ? text === expected : text.includes(expected)) : expected.test(text);

/**
 * Waits until the (first) element of `locator` has a text that contains `expected` (or equals it with
 * `exact`, or matches the pattern) and returns that text.
 */
export function expectText(
  locator: Locator,
  expected: string | RegExp,
  { exact = false, ...options }: WaitOptions & { exact?: boolean } = {},
): Promise<string> {
  return poll(
    `${locator} to have the text ${exact ? '=' : '~'} ${String(expected)}`,
    async () => ((await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '') : ''),
    (text) => matches(text, expected, exact),
    options,
  );
}

/** Waits until the (first) element of `locator` has the attribute `name` equal to `expected`. */
export function expectAttribute(
  locator: Locator,
  name: string,
  expected: string,
  options: WaitOptions = {},
): Promise<string | null> {
  return poll(
    `${locator} to have ${name}="${expected}"`,
    async () => ((await locator.count()) > 0 ? locator.first().getAttribute(name) : null),
    (value) => value === expected,
    options,
  );
}

/** Waits until `locator` matches exactly `expected` elements. */
export function expectCount(locator: Locator, expected: number, options: WaitOptions = {}): Promise<number> {
  return poll(
    `${locator} to count ${expected}`,
    () => locator.count(),
    (n) => n === expected,
    options,
  );
}

/** Waits until the focused element of `page` has exactly the text `expected`. */
export function expectFocused(page: Page, expected: string, options: WaitOptions = {}): Promise<unknown> {
  return poll(
    `the focus to be on "${expected}"`,
    () => page.evaluate('document.activeElement?.textContent ?? null'),
    (text) => text === expected,
    options,
  );
}
