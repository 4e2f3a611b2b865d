// Each endpoint of the API is declared once, in the contract (packages/shared): the server builds its
// route from the declaration (routeOf) and the web app calls it through request() or requestAt(). A
// path written anywhere else, or a route made by hand in a feature, is a second declaration that
// drifts from the first.
import path from 'node:path';
import { isTestFile, root, segmentsUnder } from './imports.js';

const WEB_SRC = path.join(root, 'apps', 'web', 'src');
const SERVER_FEATURES = path.join(root, 'apps', 'server', 'src', 'features');

/** Whether a text names a path of the API. */
function isApiPath(text) {
  return text === '/api' || text.startsWith('/api/') || text.startsWith('/api?');
}

/** The text a string or template begins with, or null for anything else. */
function leadingText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? null;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const apiPaths = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Paths of the API are written only in their declarations in packages/shared.',
    },
    messages: {
      webPath:
        'Call the declared endpoint (packages/shared) with request() or requestAt(), not a path written here.',
      serverPath: "Use the declared endpoint's path (packages/shared), not one written here.",
      route:
        'Declare the endpoint in packages/shared and build its route with routeOf(), not createRoute().',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (isTestFile(file)) return {};
    const web = segmentsUnder(WEB_SRC, file);
    const server = segmentsUnder(SERVER_FEATURES, file);
    if (web && web[0] !== 'test') {
      const check = (node) => {
        const text = leadingText(node);
        if (text !== null && isApiPath(text)) context.report({ node, messageId: 'webPath' });
      };
      return { Literal: check, TemplateLiteral: check };
    }
    if (server) {
      const check = (node) => {
        const text = leadingText(node);
        if (text !== null && isApiPath(text)) context.report({ node, messageId: 'serverPath' });
      };
      return {
        Literal: check,
        TemplateLiteral: check,
        ImportSpecifier(node) {
          const from = node.parent.source.value;
          if (from === '@hono/zod-openapi' && node.imported.name === 'createRoute')
            context.report({ node, messageId: 'route' });
        },
      };
    }
    return {};
  },
};
