// A Stryker ignorer (`ignorers: ['message-only']`): mutants that can only change the words of a message for humans
// are ignored — they count neither as killed nor as survived, so the mutation score is the share of BEHAVIOUR
// mutants the tests kill. Chosen over `// Stryker disable` comments so that no shipped source file carries
// tooling comments, and so the rule applies by itself to every file added to a `mutate` list.
//
// A node is "message only" when it is a string or template literal that reads as a sentence (it contains a space;
// codes, enum values, ABI fragments in identifiers never do — and an ABI signature sits in no message position) and
// sits in a message position, possibly behind `a ? 'x' : 'y'`, `a ?? 'x'`, `'x' + y` or inside another template:
// - the value of a property named in MESSAGE_NAMES (`{ code: 'X', reason: '…' }`, `{ shortMessage: '…' }`);
// - a value assigned or bound to a variable named in MESSAGE_NAMES (`reason ??= '…'`, `const detail = '…'`);
// - an argument of a call of a helper named in MESSAGE_HELPERS (`invalid('…')`, `decision(false, 'CODE', '…')`)
//   or of a constructor whose name ends in `Error` (`new Error('…')`);
// and an object literal passed to such a constructor whose only properties are messages
// (`new InvalidAmountError({ shortMessage: … })` → `{}` only loses the words; the error, its class and code stay).
// Everything else is mutated: a code, a status, a key, a comparison with a string are behaviour.

/** Property and variable names that hold a message for humans, never a value code branches on. */
export const MESSAGE_NAMES = new Set([
  'reason',
  'detail',
  'details',
  'problem',
  'message',
  'shortMessage',
  'resolution',
]);
/** Local helpers whose string arguments are messages (`invalid(reason)`, `decision(allowed, code, reason, …)`). */
export const MESSAGE_HELPERS = new Set(['invalid', 'decision']);

function isSentence(node) {
  if (node.type === 'StringLiteral') return /\s/.test(node.value);
  if (node.type === 'TemplateLiteral')
    return node.quasis.some((q) => /\s/.test(q.value.cooked ?? q.value.raw));
  return false;
}

function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'MemberExpression' && !node.computed) return nameOf(node.property);
  return undefined;
}

/** Walks up through the expressions that only pass a string along, then judges where it lands. */
function inMessagePosition(path) {
  let child = path;
  let parent = path.parentPath;
  while (parent) {
    const p = parent.node;
    const passesAlong =
      (p.type === 'ConditionalExpression' && child.node !== p.test) ||
      (p.type === 'LogicalExpression' && (p.operator === '??' || p.operator === '||')) ||
      (p.type === 'BinaryExpression' && p.operator === '+') ||
      p.type === 'TemplateLiteral' ||
      p.type === 'ParenthesizedExpression' ||
      p.type === 'TSAsExpression';
    if (!passesAlong) break;
    child = parent;
    parent = parent.parentPath;
  }
  if (!parent) return false;
  const p = parent.node;
  if (p.type === 'ObjectProperty') return p.value === child.node && MESSAGE_NAMES.has(nameOf(p.key));
  if (p.type === 'AssignmentExpression') return p.right === child.node && MESSAGE_NAMES.has(nameOf(p.left));
  if (p.type === 'VariableDeclarator') return p.init === child.node && MESSAGE_NAMES.has(nameOf(p.id));
  if (p.type === 'CallExpression' || p.type === 'NewExpression') {
    if (!p.arguments.includes(child.node)) return false;
    const callee = nameOf(p.callee);
    if (callee === undefined) return false;
    return MESSAGE_HELPERS.has(callee) || (p.type === 'NewExpression' && callee.endsWith('Error'));
  }
  return false;
}

/** `new SomeError({ shortMessage: … })`: an argument of an error constructor that carries only messages. */
function isErrorMessageObject(path) {
  const { node, parent } = path;
  return (
    node.type === 'ObjectExpression' &&
    node.properties.length > 0 &&
    node.properties.every((p) => p.type === 'ObjectProperty' && MESSAGE_NAMES.has(nameOf(p.key))) &&
    parent?.type === 'NewExpression' &&
    parent.arguments.includes(node) &&
    (nameOf(parent.callee) ?? '').endsWith('Error')
  );
}

const REASON = 'message only: the words of a message for humans (scripts/stryker/messageOnly.mjs)';

/** @type {{ shouldIgnore(path: import('@babel/core').NodePath): string | undefined }} */
export const messageOnlyIgnorer = {
  shouldIgnore(path) {
    const { node } = path;
    if (isErrorMessageObject(path)) return REASON;
    if (node.type !== 'StringLiteral' && node.type !== 'TemplateLiteral') return undefined;
    if (!isSentence(node) || !inMessagePosition(path)) return undefined;
    return REASON;
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'message-only', value: messageOnlyIgnorer }];
