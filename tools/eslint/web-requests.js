// The web app talks to its server through one client (src/lib/api-client.ts): it sends the
// credentials, reads the one error shape, and parses every answer against the contract. A `fetch`
// anywhere else skips all three.
import path from 'node:path';
import { isTestFile, root, segmentsUnder } from './imports.js';

const WEB_SRC = path.join(root, 'apps', 'web', 'src');
const CLIENT = path.join(WEB_SRC, 'lib', 'api-client.ts');

/** Whether a callee is `fetch`, `window.fetch`, `globalThis.fetch` or `self.fetch`. */
function isFetch(callee) {
  if (callee.type === 'Identifier') return callee.name === 'fetch';
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.object.type === 'Identifier' &&
    ['window', 'globalThis', 'self'].includes(callee.object.name) &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'fetch'
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const webRequests = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Only the API client (src/lib/api-client.ts) calls fetch in the web app.',
    },
    messages: {
      fetch:
        'Call the server through src/lib/api-client.ts (request, requestAt), not fetch: it sends the credentials, reads the error shape and checks the answer.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const segments = segmentsUnder(WEB_SRC, file);
    if (!segments || segments[0] === 'test' || isTestFile(file) || file === CLIENT) return {};
    return {
      CallExpression(node) {
        if (isFetch(node.callee)) context.report({ node: node.callee, messageId: 'fetch' });
      },
    };
  },
};
