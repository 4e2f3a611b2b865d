// Local lint rules that keep the layout honest: apps never import each other, web features never import
// other features (pages compose them), the web layers point one way, server features meet only through
// their services, SQL stays in repositories, only the web's API client calls fetch, and the API's
// paths are written only where each endpoint is declared. They resolve relative specifiers by path,
// so they need no module resolver.
import path from 'node:path';
import { apiPaths } from './api-paths.js';
import { importVisitors, root } from './imports.js';
import { serverFeatures } from './server-features.js';
import { sqlInRepositories } from './sql-in-repositories.js';
import { webLayers } from './web-layers.js';
import { webRequests } from './web-requests.js';

const APPS = ['web', 'server'];
const WEB_FEATURES = path.join(root, 'apps', 'web', 'src', 'features');

function appOf(file) {
  const rel = path.relative(path.join(root, 'apps'), file);
  if (rel.startsWith('..')) return null;
  const app = rel.split(path.sep)[0];
  return APPS.includes(app) ? app : null;
}

function featureOf(file) {
  const rel = path.relative(WEB_FEATURES, file);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(path.sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCrossImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between apps and between web features.' },
    messages: {
      app: "The {{from}} app must not import from the {{to}} app; share code through '@smart-city/shared'.",
      feature:
        "Feature '{{from}}' must not import feature '{{to}}'; compose features in src/app or move shared code to src/components or src/lib.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const fromApp = appOf(file);
    const fromFeature = featureOf(file);

    function check(node, source) {
      if (/^@smart-city\/(web|server)(\/|$)/.test(source)) {
        const to = source.split('/')[1];
        if (to !== fromApp)
          context.report({ node, messageId: 'app', data: { from: fromApp ?? 'this', to } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const toApp = appOf(target);
      if (fromApp && toApp && fromApp !== toApp) {
        context.report({ node, messageId: 'app', data: { from: fromApp, to: toApp } });
        return;
      }
      const toFeature = featureOf(target);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
    }

    return importVisitors(check);
  },
};

export const boundaries = {
  rules: {
    'no-cross-imports': noCrossImports,
    'web-layers': webLayers,
    'web-requests': webRequests,
    'server-features': serverFeatures,
    'sql-in-repositories': sqlInRepositories,
    'api-paths': apiPaths,
  },
};
